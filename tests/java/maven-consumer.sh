#!/bin/sh
# SPDX-License-Identifier: MIT
# maven-consumer.sh BUILD_DIR JAVA VERSION DATADIR LIBDIR PLUGINDIR SOURCE_DIR PLATFORM
#
# What `meson install` lays out for Maven (share/maven-repo/org/keyact/keyact,
# as Debian's maven-repo-helper does) resolves offline: install BUILD_DIR into
# a DESTDIR stage, build the one-class consumer (SOURCE_DIR: pom.xml and
# Consumer.java) with `mvn -o` against org.keyact:keyact, once at VERSION and
# once at `debian`, and run it: a discover resolved through the jar alone when
# the jar carries natives for PLATFORM (no keyact property, no library path, no
# plugin path: Registry.shared() on the jar's natives and plugins, extracted
# into the consumer's own cache folder), else (PLATFORM empty: a jar built with
# -Djar_natives=disabled) on the staged libkeyact-jni and discover plugin.
# org.keyact:keyact-xmage carries the same natives and no dependency on
# org.keyact:keyact (it has keyact.jar inside). DATADIR, LIBDIR and PLUGINDIR
# are the absolute install directories.
#
# Maven's local repository is a temporary directory of links: to the staged
# share/maven-repo (org/keyact) and to the system's /usr/share/maven-repo,
# where Debian's Maven plugin packages put the compiler and resources plugins
# a build needs; the settings file names it and sets offline, so nothing is
# fetched. Skipped (77) without mvn or those plugins.
set -eu
build=$1 java=$2 version=$3 datadir=$4 libdir=$5 plugindir=$6 source=$7 platform=$8
system_repo=/usr/share/maven-repo

if ! command -v mvn >/dev/null 2>&1; then
    echo "maven-consumer: SKIP: mvn is not installed (Debian package maven)"
    exit 77
fi
for plugin in maven-compiler-plugin maven-resources-plugin; do
    if [ ! -d "$system_repo/org/apache/maven/plugins/$plugin" ]; then
        echo "maven-consumer: SKIP: $plugin is not in $system_repo (Debian packages libmaven-compiler-plugin-java, libmaven-resources-plugin-java)"
        exit 77
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage
fail() { echo "maven-consumer: FAIL: $*" >&2; exit 1; }

DESTDIR=$stage meson install -C "$build" --no-rebuild --quiet >"$work/install.log" 2>&1 \
    || { cat "$work/install.log"; fail "meson install failed"; }

staged_repo=$stage$datadir/maven-repo
for v in "$version" debian; do
    dir=$staged_repo/org/keyact/keyact/$v
    [ -f "$dir/keyact-$v.pom" ] || fail "no $dir/keyact-$v.pom"
    # The jar is a link into share/java that resolves inside the stage.
    [ -L "$dir/keyact-$v.jar" ] || fail "$dir/keyact-$v.jar is not a link"
    cmp -s "$dir/keyact-$v.jar" "$stage$datadir/java/keyact.jar" \
        || fail "$dir/keyact-$v.jar does not lead to the staged share/java/keyact.jar"
done
echo "maven-consumer: staged $(cd "$staged_repo" && find . ! -type d | sort | tr '\n' ' ')"

m2=$work/m2
mkdir -p "$m2"
cp -rs "$system_repo/." "$m2/"
cp -rs "$staged_repo/." "$m2/"
cat >"$work/settings.xml" <<SETTINGS
<settings>
  <localRepository>$m2</localRepository>
  <offline>true</offline>
</settings>
SETTINGS

for v in "$version" debian; do
    project=$work/consumer-$v
    mkdir -p "$project/src/main/java/org/example/keyactconsumer"
    cp "$source/pom.xml" "$project/"
    cp "$source/Consumer.java" "$project/src/main/java/org/example/keyactconsumer/"
    MAVEN_OPTS= MAVEN_ARGS= mvn -B -o --no-transfer-progress -s "$work/settings.xml" \
        -f "$project/pom.xml" -Dkeyact.version="$v" compile >"$work/mvn-$v.log" 2>&1 \
        || { cat "$work/mvn-$v.log"; fail "mvn -o compile against org.keyact:keyact:$v failed"; }
    grep -E 'Compiling|BUILD' "$work/mvn-$v.log" | sed "s|$work|WORK|g; s/^/maven-consumer: mvn ($v): /"
    jar=$m2/org/keyact/keyact/$v/keyact-$v.jar
    if [ -n "$platform" ]; then
        out=$(env -u LD_LIBRARY_PATH -u KEYACT_JNI_LIBRARY -u KEYACT_NATIVE_DIR HOME="$work/home" \
            XDG_CACHE_HOME="$work/cache" "$java" -cp "$project/target/classes:$jar" \
            org.example.keyactconsumer.Consumer 2>&1) || { echo "$out"; fail "the consumer ($v) failed"; }
        echo "$out"
        case $out in
            *"consumer: plugin org.keyact.discover $version from $work/cache/keyact/$platform-"*) ;;
            *) fail "the consumer ($v) did not load the discover plugin the jar carries" ;;
        esac
    else
        out=$(LD_LIBRARY_PATH=$stage$libdir "$java" -Dorg.keyact.jni.library="$stage$libdir/jni/libkeyact-jni.so" \
            -cp "$project/target/classes:$jar" org.example.keyactconsumer.Consumer \
            "$stage$plugindir/keyact-discover.so" 2>&1) || { echo "$out"; fail "the consumer ($v) failed"; }
        echo "$out"
        case $out in
            *"consumer: plugin org.keyact.discover $version from "*) ;;
            *) fail "the consumer ($v) did not report the discover plugin at $version" ;;
        esac
    fi
    case $out in
        *"consumer: discover 3 CAST Opt, library [3, 1]"*) ;;
        *) fail "the consumer ($v) did not resolve discover 3 as the rules say (cast Opt, Forest to the bottom)" ;;
    esac
done

# keyact-xmage.jar (when built): the same natives inside, and no dependency on
# org.keyact:keyact, whose classes it carries.
xmage_dir=$staged_repo/org/keyact/keyact-xmage/$version
if [ -n "$platform" ] && [ -d "$xmage_dir" ]; then
    unzip -l "$xmage_dir/keyact-xmage-$version.jar" | grep -q "org/keyact/native/$platform/INDEX" \
        || fail "org.keyact:keyact-xmage:$version carries no natives for $platform"
    ! grep -q '<artifactId>keyact</artifactId>' "$xmage_dir/keyact-xmage-$version.pom" \
        || fail "org.keyact:keyact-xmage:$version still depends on org.keyact:keyact, whose classes it carries"
    echo "maven-consumer: org.keyact:keyact-xmage:$version carries the natives for $platform and depends on no keyact artifact"
fi
echo "maven-consumer: PASS: org.keyact:keyact:$version and :debian resolved offline from the staged repository"
