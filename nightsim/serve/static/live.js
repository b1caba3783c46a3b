// The night as it is told: each block the server releases is added to the page, without a
// reload (docs/serve.md). Without script, the page shows what was told when it was drawn.
(function () {
  "use strict";
  var told = document.getElementById("told");
  if (!told || !window.EventSource) { return; }
  var shown = told.querySelectorAll("pre.block").length;
  var source = new EventSource(told.getAttribute("data-live"));
  var skip = shown;
  source.addEventListener("told", function (e) {
    var data = JSON.parse(e.data);
    if (data.night) {
      // A new night begins: the screen shows it alone.
      if (skip === 0) { told.textContent = ""; }
      var waiting = document.getElementById("waiting");
      if (waiting) { waiting.remove(); }
    }
    if (!data.text) { return; }
    if (skip > 0) { skip -= 1; return; }  // already on the page when it was drawn
    var block = document.createElement("pre");
    block.className = "block";
    block.textContent = data.text;
    told.appendChild(block);
    block.scrollIntoView({ behavior: "smooth", block: "end" });
  });
})();
