#!/usr/bin/env bash
# Installs gamehost in one command: the static, stripped release binary, the shipped
# config.json, the man page and the bash, zsh and fish completions.
#   Scripts/install.sh [--prefix DIR]               build and install (DIR: ~/.local)
#   Scripts/install.sh [--prefix DIR] --uninstall   remove what was installed there
#   Scripts/install.sh --binary PATH [--prefix DIR] install PATH as is, without building
#                                                   (the tests use the debug binary)
# Run again (an upgrade), it keeps a PREFIX/share/gamehost/config.json changed since it was
# installed and puts the new default beside it as config.json.new.
# What was installed is listed in PREFIX/share/gamehost/install-manifest; --uninstall
# removes those files, and the folders the install created when they are empty again, and
# nothing else: saved preferences, scores and themes stay.
set -euo pipefail

usage() {
  echo "install.sh: $1" >&2
  echo "usage: Scripts/install.sh [--prefix DIR] [--binary PATH] [--uninstall]" >&2
  exit 64
}

prefix="${HOME:?HOME is not set}/.local"
binary=""
uninstall=no
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] && [ -n "$2" ] || usage "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; [ -n "$prefix" ] || usage "--prefix needs a folder"; shift ;;
    --binary) [ $# -ge 2 ] && [ -n "$2" ] || usage "--binary needs a file"; binary="$2"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --uninstall) uninstall=yes; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) usage "unknown argument '$1'; allowed: --prefix DIR, --binary PATH, --uninstall" ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix="${prefix%/}"
case "$binary" in ""|/*) ;; *) binary="$PWD/$binary" ;; esac

manifest="$prefix/share/gamehost/install-manifest"

if [ "$uninstall" = yes ]; then
  [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: no $manifest" >&2; exit 1; }
  # Files first, then folders deepest first, each only if the install made it and it is empty.
  listing="$(cat "$manifest")"
  grep '^file ' <<< "$listing" | cut -c6- | while IFS= read -r path; do rm -f -- "$path"; done
  rm -f -- "$manifest"
  { grep '^dir ' <<< "$listing" || true; } | cut -c5- | sort -r | while IFS= read -r path; do
    rmdir -- "$path" 2>/dev/null || true
  done
  echo "uninstalled gamehost from $prefix (saved data, if any, is kept)"
  exit 0
fi

cd "$(dirname "$0")/.."
if [ -z "$binary" ]; then
  echo "building the static release binary (a few minutes)"
  Scripts/build-static.sh
  binary=.build-static/release/gamehost
  strip_it=yes
else
  [ -x "$binary" ] && [ -f "$binary" ] || usage "--binary '$binary' is not an executable file"
  strip_it=no
fi

# Folders the install creates are remembered, so that uninstall can take them away again.
created=()
make_folder() {
  local folder="$1" missing=()
  while [ ! -d "$folder" ]; do missing+=("$folder"); folder="$(dirname "$folder")"; done
  [ ${#missing[@]} -eq 0 ] && return
  mkdir -p -- "$1"
  created+=("${missing[@]}")
}

installed=()
put() {  # put MODE DESTINATION < content
  make_folder "$(dirname "$2")"
  local temporary="$2.tmp-$$"
  cat > "$temporary"
  chmod "$1" "$temporary"
  mv -f -- "$temporary" "$2"
  installed+=("$2")
}

bin="$prefix/bin/gamehost"
if [ "$strip_it" = yes ]; then
  stripped="$(mktemp)"
  strip -o "$stripped" "$binary"
  put 755 "$bin" < "$stripped"
  rm -f -- "$stripped"
else
  put 755 "$bin" < "$binary"
fi
# An upgrade keeps an operator's config.json: the shipped one replaces it only while it is
# still the default an earlier install put there (kept beside it as config.json.default).
# A changed one stays, and the new default goes beside it as config.json.new.
config_file="$prefix/share/gamehost/config.json"
if [ ! -f "$config_file" ] || cmp -s "$config_file" config.json \
   || { [ -f "$config_file.default" ] && cmp -s "$config_file" "$config_file.default"; }; then
  put 644 "$config_file" < config.json
  rm -f -- "$config_file.new"
else
  put 644 "$config_file.new" < config.json
  kept_config=yes
fi
put 644 "$config_file.default" < config.json
# The man page and completions come from the installed binary itself, run away from the
# source tree, so they describe exactly what was installed.
generated="$(mktemp)"
trap 'rm -f -- "$generated"' EXIT
from_binary() {  # from_binary DESTINATION ARGUMENT...
  local destination="$1"; shift
  ( cd / && "$bin" "$@" ) > "$generated"
  put 644 "$destination" < "$generated"
}
from_binary "$prefix/share/man/man1/gamehost.1" man
from_binary "$prefix/share/bash-completion/completions/gamehost" completions bash
from_binary "$prefix/share/zsh/site-functions/_gamehost" completions zsh
from_binary "$prefix/share/fish/vendor_completions.d/gamehost.fish" completions fish

# A reinstall keeps the folders an earlier install created.
{
  printf 'file %s\n' "${installed[@]}"
  [ -f "$manifest" ] && grep '^dir ' "$manifest"
  [ ${#created[@]} -gt 0 ] && printf 'dir %s\n' "${created[@]}"
  true
} | sort -u > "$manifest.new"
mv -f -- "$manifest.new" "$manifest"

echo "installed $("$bin" --version) in $prefix:"
printf '  %s\n' "${installed[@]}"
if [ "${kept_config:-no}" = yes ]; then
  echo "note: $config_file was changed since it was installed, so it is kept;"
  echo "      the new default is beside it as config.json.new (compare, then merge what you want)"
fi
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH" ;; esac
