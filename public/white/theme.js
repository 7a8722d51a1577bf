// Runs in <head>, before first paint: the host page passes ?theme=dark|light.
(function () {
  'use strict';
  var theme = new URLSearchParams(window.location.search).get('theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.setAttribute('data-theme', theme);
})();
