#!/usr/bin/env bash
# Builds the site in the current folder and pushes it to the gh-pages branch.
# Needs: SITE_URL (e.g. https://owner.github.io/repo/) and PUSH_URL (a git URL with write access,
# e.g. https://x-access-token:$TOKEN@github.com/owner/repo.git). Without `tally` on PATH, it also needs
# TALLY_REPOSITORY (Tally's sources; TALLY_REF picks a tag or branch, main by default) and a Swift 6
# toolchain, and builds tally as the README's Quick start does: `make release` installs the Debian
# packages Tally needs (with sudo when not root), then compiles.
set -euo pipefail

if ! command -v tally >/dev/null; then
    tally_source=$(mktemp -d)
    git clone --quiet --depth 1 --branch "${TALLY_REF:-main}" "$TALLY_REPOSITORY" "$tally_source"
    make -C "$tally_source" release
    export PATH="$tally_source/.build/release:$PATH"
fi

# Check out the published branch into public/, so the build keeps its .git (hidden entries survive).
rm -rf public
git clone --quiet --depth 1 --branch gh-pages "$PUSH_URL" public \
    || { git init --quiet public && git -C public checkout --quiet -b gh-pages; }

tally build --base-url "$SITE_URL" --out public
touch public/.nojekyll   # serve the files as they are

cd public
git add --all
if git diff --cached --quiet; then
    echo "The site did not change."
else
    git -c user.name="Site build" -c user.email="site-build@localhost" commit --quiet -m "Build of $(date -u +%Y-%m-%d)"
    git push --quiet "$PUSH_URL" gh-pages
    echo "Pushed the site to gh-pages."
fi
