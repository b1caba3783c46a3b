/* Only an enhancement: a mark's label shown beside it while it has the keyboard's focus
   (the mouse has the SVG <title>; without script the hour-by-hour text tells the same). */
(function () {
  var tip = document.createElement("div");
  tip.className = "tip";
  tip.hidden = true;
  document.body.appendChild(tip);
  document.addEventListener("focusin", function (e) {
    var m = e.target;
    if (!m || !m.getAttribute || !m.hasAttribute("data-tip")) { tip.hidden = true; return; }
    tip.textContent = m.getAttribute("aria-label");
    tip.hidden = false;
    var r = m.getBoundingClientRect();
    var room = document.documentElement.clientWidth - tip.offsetWidth - 8;
    tip.style.left = Math.max(8, Math.min(r.left + window.scrollX, room + window.scrollX)) + "px";
    tip.style.top = (r.bottom + window.scrollY + 6) + "px";
  });
  document.addEventListener("focusout", function () { tip.hidden = true; });
})();
