// For each visible element that holds text: its colour against the first opaque background
// behind it (semi-transparent ones blended in), the WCAG contrast ratio, and whether WCAG
// counts it as large text. Disabled controls are exempt (WCAG 1.4.3), as is the skip link
// while it is off screen. Run by tests/browser/test_access.py.
() => {
  const rgba = s => {
    const m = s.match(/[\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const behind = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) { layers.push(bg); if (bg[3] === 1) break; }
    }
    let colour = [255, 255, 255];  // the canvas, should every layer be see-through
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!own || !box.width || !box.height || el.closest(":disabled, .skip")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const fg = rgba(style.color), bg = behind(el);
    const a = lum(over(fg, bg)), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = +style.fontWeight >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    out.push({text: el.textContent.trim().slice(0, 40), tag: el.tagName, ratio, large});
  }
  return out;
}
