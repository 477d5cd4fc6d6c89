/* The service worker of remote races, served at /sw.js (scope: the whole site).
   A push from the site (remote/push.py) carries {title, body, url, tag}: it is shown as a
   notification, a newer one with the same tag replacing the older; a tap on it brings the tab
   already open on that page to the front, or opens it: one tap into the move. */
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch (e) {
      data = { body: event.data.text() };
    }
  }
  var options = {
    body: data.body || "",
    data: { url: data.url || "/" },
    icon: "/favicon.ico",
  };
  if (data.tag) {
    options.tag = data.tag;
    options.renotify = true; // a new "your move" under the same tag still rings
  }
  // userVisibleOnly: every push must show a notification, or the browser may withdraw the permission
  event.waitUntil(self.registration.showNotification(data.title || "Formule Dé", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) {
    target = new URL("/", self.location.origin);
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (tabs) {
      for (var i = 0; i < tabs.length; i++) {
        var tab = new URL(tabs[i].url);
        if (tab.pathname === target.pathname && tab.search === target.search && "focus" in tabs[i]) {
          return tabs[i].focus();
        }
      }
      return self.clients.openWindow(target.href);
    })
  );
});
