// cognimem dashboard: the only script the pages load. Asks before a form marked
// data-confirm is sent (forgetting a memory). Every page works without it.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
