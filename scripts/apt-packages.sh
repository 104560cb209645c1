# Sourced by install-deps.sh and install-bench-deps.sh: installs the Debian
# packages given to hcl_install_packages that are missing, as root or through
# sudo, and never waits for an answer nobody can give (CI, a pipe, no tty).
#
#   hcl_install_packages [--check] PACKAGE...
#
# --check only reports what is missing (status 1 if anything is).
# HCL_EXTRA_PACKAGES="a b" adds packages to the list; the non-root check
# (scripts/check-nonroot-install.sh) uses it to install a harmless one.

hcl_is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# The one line to give whoever has root, so it can be pasted as is.
hcl_apt_line() {
  local prefix=$1
  shift
  echo "  ${prefix}apt-get update && ${prefix}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $*"
}

# Packages apt has no version of, after `apt-get update`.
hcl_unavailable() {
  local p candidate
  for p in "$@"; do
    candidate=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
    if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
      echo "$p"
    fi
  done
}

# Says where the packages apt cannot find come from; LLVM 22 is the usual
# one: Debian 12 ships it in the security suite only, which minimal images
# and some mirrors leave out.
hcl_explain_unavailable() {
  local llvm=() other=() p
  for p in "$@"; do
    case "$p" in
      *-22-* | *-22) llvm+=("$p") ;;
      *) other+=("$p") ;;
    esac
  done
  echo "hcl: apt has no version of: $*" >&2
  if [ ${#llvm[@]} -gt 0 ]; then
    cat >&2 <<EOF
  On Debian 12 (bookworm), LLVM/MLIR 22 (${llvm[*]})
  comes from the security suite, bookworm-security. Add it to apt's sources,
  for example as root:
    echo 'deb http://deb.debian.org/debian-security bookworm-security main' > /etc/apt/sources.list.d/bookworm-security.list
  and run this script again (it runs apt-get update itself).
EOF
  fi
  if [ ${#other[@]} -gt 0 ]; then
    echo "  ${other[*]}: not in any suite apt knows (see \`apt-cache policy NAME\`; hcl expects Debian 12's main, bookworm-updates and bookworm-security)." >&2
  fi
  if [ -r /etc/os-release ] && ! grep -q '^VERSION_CODENAME=bookworm' /etc/os-release; then
    echo "  Note: this is not Debian 12 (bookworm), the system hcl's package list is written for." >&2
  fi
}

hcl_install_packages() {
  local check_only=0
  case "${1:-}" in
    --check) check_only=1; shift ;;
    -*) echo "hcl: unknown option $1 (the only one is --check)" >&2; return 2 ;;
  esac
  local wanted=("$@") missing=() p
  # shellcheck disable=SC2206 # a space-separated list on purpose
  wanted+=(${HCL_EXTRA_PACKAGES:-})
  for p in "${wanted[@]}"; do
    hcl_is_installed "$p" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "hcl: all ${#wanted[@]} Debian packages are installed"
    return 0
  fi
  if [ $check_only -eq 1 ]; then
    echo "hcl: missing Debian packages: ${missing[*]}"
    return 1
  fi

  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    # Without a terminal sudo cannot ask for a password: find out now
    # (sudo -n) instead of failing halfway, and say what to do instead.
    local why=""
    if ! command -v sudo >/dev/null 2>&1; then
      why="sudo is not installed"
    elif ! sudo -n true 2>/dev/null; then
      if [ -t 0 ]; then
        sudo -v || why="sudo did not accept you (is $(id -un) allowed to use sudo?)"
      else
        why="sudo needs a password (or $(id -un) may not use sudo) and there is no terminal to ask on"
      fi
    fi
    if [ -n "$why" ]; then
      cat >&2 <<EOF
hcl: ${#missing[@]} Debian packages are missing, and installing them needs root:
$why. Run this script as root, or as a user who is allowed to use sudo
(listed in /etc/sudoers or in the sudo group), or have root run:
$(hcl_apt_line "" "${missing[@]}")
and then run this script again.
EOF
      return 1
    fi
    sudo=(sudo)
  fi

  echo "hcl: installing ${#missing[@]} Debian packages: ${missing[*]}"
  "${sudo[@]}" apt-get update
  local unavailable
  mapfile -t unavailable < <(hcl_unavailable "${missing[@]}")
  if [ ${#unavailable[@]} -gt 0 ]; then
    hcl_explain_unavailable "${unavailable[@]}"
    return 1
  fi
  # `env` puts the variable inside sudo: sudo's default env_reset drops the
  # caller's environment, and without it dpkg asks questions (tzdata's
  # "Geographic area:") that hang a run without a terminal.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
}
