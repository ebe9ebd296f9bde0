// Tell the server the browser's time zone: the `tz` cookie, read by
// accounts/middleware.py (a zone saved in the preferences wins; an unknown one is ignored).
// Set only when missing or changed; the next page shows times in that zone.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) return;
  var match = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  if (match && match[1] === zone) return;
  var cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
  if (location.protocol === "https:") cookie += "; Secure";
  document.cookie = cookie;
})();
