#!/bin/bash
# The flame graph in a browser (headless Chromium): the SVG renders (a
# screenshot that is not blank), the frames' labels that are actually
# drawn (non-zero rendered width) are the expected ones, a click on a
# frame zooms (its only callee then fills the whole width, the frames
# outside it are hidden), and a search highlights the matching frames and
# says what share of the samples they cover.  Chromium that cannot start
# fails the test (scripts/setup.sh installs it: a silent skip would hide
# a missing install step); every Chromium run has a time limit.
. "$TESTDIR/flame/common.bash"
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
run_chrome() { # args...
	timeout -s KILL 60 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run \
	    --user-data-dir="$tmp/profile" "$@" 2>>"$tmp/chrome.log"
}
if [ -z "$chrome" ] || ! run_chrome --dump-dom about:blank | grep -q '<body'; then
	echo "chromium cannot start (scripts/setup.sh installs it): $(tail -n 3 "$tmp/chrome.log" 2>/dev/null)"
	exit 1
fi
build_tree
$DTRACE -x flamegraph="$tmp/out.svg" -qn 'syscall::getppid:entry /pid == $target/ {
    @[ustack()] = count(); }' -c "$tmp/flame_tree" >/dev/null || exit 1

# 1. a screenshot of the SVG alone: many pixels are neither blank nor
# the background, in several colours
height=$(sed -n 's/.*<svg [^>]* height="\([0-9]*\)".*/\1/p' "$tmp/out.svg" | head -n 1)
run_chrome --screenshot="$tmp/shot.png" --window-size=1200,"$height" "file://$tmp/out.svg" >/dev/null
[ -s "$tmp/shot.png" ] || { echo "no screenshot:"; tail "$tmp/chrome.log"; exit 1; }
python3 - "$tmp/shot.png" <<'PY' || exit 1
import sys, zlib, struct
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
assert depth == 8 and ctype in (2, 6), 'PNG type %d/%d' % (depth, ctype)
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, rows, i = bytearray(stride), [], 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
colours, drawn = {}, 0
for line in rows:
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3])
        colours[px] = colours.get(px, 0) + 1
bg = max(colours, key=colours.get)
drawn = sum(n for px, n in colours.items() if px != bg)
share = drawn / (w * h)
print('screenshot %dx%d: %d colours, %.1f%% drawn' % (w, h, len(colours), 100 * share))
assert len(colours) >= 8 and share > 0.05, 'blank screenshot'
PY

# 2. the SVG inlined in a page whose script reports what is drawn, then
# clicks and searches as a user would
{
	echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
	sed '1{/^<?xml/d}' "$tmp/out.svg"
	cat <<'HTML'
<pre id="result"></pre>
<script>
(function () {
	var out = [], svg = document.querySelector("svg.dtflame");
	function frames() { return [].slice.call(svg.querySelectorAll("g.f")); }
	function name(g) { var t = g.querySelector("title").textContent; return t.substring(0, t.lastIndexOf(" (")); }
	function width(g) { return g.style.display === "none" ? 0 : g.querySelector("rect").getBoundingClientRect().width; }
	function labels() {
		return frames().filter(function (g) {
			var t = g.querySelector("text");
			return g.style.display !== "none" && t.textContent !== "" && t.getBoundingClientRect().width > 0;
		}).map(function (g) { return g.querySelector("text").textContent; });
	}
	function find(n, under) {
		return frames().filter(function (g) {
			return name(g) === n && (!under || (+g.getAttribute("data-d") === +under.getAttribute("data-d") + 1 &&
			    +g.getAttribute("data-o") >= +under.getAttribute("data-o") &&
			    +g.getAttribute("data-o") < +under.getAttribute("data-o") + +under.getAttribute("data-n")));
		})[0];
	}
	function click(el) { el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true })); }
	var full = width(frames()[0]);
	labels().forEach(function (l) { out.push("visible " + l); });
	var right = find("flame_tree`right"), leaf = find("flame_tree`leaf", right), left = find("flame_tree`left");
	out.push("before: right's leaf " + Math.round(100 * width(leaf) / full) + "% wide");
	click(right.querySelector("rect"));
	out.push("after click on right: its leaf " + Math.round(100 * width(leaf) / full) + "% wide, left " +
	    Math.round(100 * width(left) / full) + "%, label " + leaf.querySelector("text").textContent);
	click(svg.querySelector(".reset"));
	out.push("after reset: right's leaf " + Math.round(100 * width(leaf) / full) + "% wide");
	svg.querySelector("input.q").value = "right";
	click(svg.querySelector(".search"));
	var hits = frames().filter(function (g) { return g.querySelector("rect").getAttribute("fill") === "rgb(230,0,230)"; });
	out.push("search right: " + hits.map(name).join(",") + "; " + svg.querySelector("text.smatch").textContent);
	click(svg.querySelector(".clear"));
	out.push("after clear: " + frames().filter(function (g) { return g.classList.contains("match"); }).length + " matches");
	document.getElementById("result").textContent = out.join("\n");
})();
</script></body></html>
HTML
} >"$tmp/page.html"
run_chrome --window-size=1200,800 --dump-dom "file://$tmp/page.html" >"$tmp/dom.html"
sed -n '/<pre id="result">/,/<\/pre>/p' "$tmp/dom.html" | sed 's/.*<pre id="result">//; s/<\/pre>.*//' >"$tmp/result"
[ -s "$tmp/result" ] || { echo "no result from the page:"; tail "$tmp/chrome.log"; exit 1; }
fail=0
for l in 'visible all' 'visible flame_tree`main' 'visible flame_tree`left' 'visible flame_tree`right' \
    'visible flame_tree`leaf' 'before: right'"'"'s leaf 25% wide' \
    'after click on right: its leaf 100% wide, left 0%, label flame_tree`leaf' \
    'after reset: right'"'"'s leaf 25% wide' \
    'search right: flame_tree`right; Matched: 25.0% (2 of 8)' 'after clear: 0 matches'; do
	grep -qxF "$l" "$tmp/result" || { echo "missing: $l"; fail=1; }
done
[ "$(grep -c '^visible flame_tree`leaf$' "$tmp/result")" = 2 ] || { echo "two leaf labels expected"; fail=1; }
[ $fail = 0 ] || { echo "the page said:"; cat "$tmp/result"; exit 1; }
exit 0
