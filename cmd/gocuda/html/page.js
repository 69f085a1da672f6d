// Heat and line metrics of gocuda's pages: no network, no libraries.
(function () {
  "use strict";
  var tip = document.getElementById("tip");
  function heat(section, metric) {
    var rows = section.querySelectorAll("tr[data-m]");
    var most = 0, vals = [];
    rows.forEach(function (r) {
      var v = JSON.parse(r.dataset.m)[metric] || 0;
      vals.push(v);
      most = Math.max(most, v);
    });
    rows.forEach(function (r, i) {
      var code = r.querySelector("td.code"), val = r.querySelector("td.val"), v = vals[i];
      val.textContent = v ? v.toLocaleString("en-US", { maximumFractionDigits: 2 }) : "";
      if (!v || !most) { code.style.background = ""; return; }
      var f = v / most;
      code.style.background = "hsl(" + (48 - 48 * f) + ",100%," + (92 - 40 * f) + "%)";
      code.style.color = f > 0.75 ? "#fff" : "";
    });
  }
  function cell(tr, text) {
    var td = document.createElement("td");
    td.textContent = text;
    tr.appendChild(td);
  }
  function show(r) {
    var m = JSON.parse(r.dataset.m), h = document.createElement("h5"), t = document.createElement("table");
    h.textContent = r.dataset.where;
    Object.keys(m).sort().forEach(function (k) {
      var tr = document.createElement("tr");
      cell(tr, k);
      cell(tr, m[k].toLocaleString("en-US", { maximumFractionDigits: 3 }));
      t.appendChild(tr);
    });
    tip.replaceChildren(h, t);
    tip.style.display = "block";
  }
  var pinned = null;
  document.querySelectorAll("section.kernel").forEach(function (s) {
    var sel = s.querySelector("select.metric");
    if (sel) {
      sel.addEventListener("change", function () { heat(s, sel.value); });
      heat(s, sel.value);
    }
    s.querySelectorAll("tr[data-m]").forEach(function (r) {
      r.addEventListener("mouseenter", function () { if (!pinned) { show(r); } });
      r.addEventListener("click", function () {
        if (pinned) { pinned.classList.remove("pinned"); }
        pinned = pinned === r ? null : r;
        if (pinned) { r.classList.add("pinned"); show(r); }
      });
    });
  });
  document.body.dataset.ready = "yes";
})();
