/* The new-table form shows only the clock fields of the chosen mode (lobby/forms.py).
   Without this script both fieldsets stay visible and the server reads the chosen mode's
   fields only; with it, the other mode's fieldset is hidden and disabled (not posted). */
(function () {
  "use strict";

  function sync(form) {
    var mode = form.elements.namedItem("mode");
    if (!mode) {
      return;
    }
    // A <select> and a group of radio buttons both give the chosen value as .value.
    var chosen = mode.value;
    form.querySelectorAll("fieldset[data-clock-mode]").forEach(function (fieldset) {
      var off = fieldset.getAttribute("data-clock-mode") !== chosen;
      fieldset.hidden = off;
      fieldset.disabled = off;
    });
  }

  function init() {
    document.querySelectorAll("form[data-clock-form]").forEach(function (form) {
      sync(form);
      form.addEventListener("change", function (event) {
        if (event.target && event.target.name === "mode") {
          sync(form);
        }
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
