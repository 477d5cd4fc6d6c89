/* Web Push on this browser (templates/remote/_push_button.html): registers the service worker
   (/sw.js), asks the permission, subscribes with the site's VAPID key and hands the subscription
   to the site; says the state in words: on, off, refused by the browser, not supported. */
(function () {
  "use strict";

  if (window.fdPushLoaded) {
    return; // the include twice on a page: one script
  }
  window.fdPushLoaded = true;

  function keyBytes(base64url) {
    var text = base64url.replace(/-/g, "+").replace(/_/g, "/");
    text += "===".slice((text.length + 3) % 4);
    var raw = window.atob(text);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function sameKey(buffer, bytes) {
    if (!buffer) {
      return true; // the browser does not say: take it as ours
    }
    var mine = new Uint8Array(buffer);
    if (mine.length !== bytes.length) {
      return false;
    }
    for (var i = 0; i < mine.length; i++) {
      if (mine[i] !== bytes[i]) {
        return false;
      }
    }
    return true;
  }

  function supported() {
    return (
      window.isSecureContext &&
      "serviceWorker" in navigator &&
      "PushManager" in window &&
      "Notification" in window
    );
  }

  function onAppleWithoutHomeScreen() {
    // iOS and iPadOS show notices only from a site added to the home screen
    var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
      (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    var standalone = window.navigator.standalone === true ||
      (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
    return apple && !standalone;
  }

  function setUp(box) {
    var d = box.dataset;
    var state = box.querySelector("[data-push-state]");
    var result = box.querySelector("[data-push-result]");
    var onButton = box.querySelector("[data-push-on]");
    var offButton = box.querySelector("[data-push-off]");
    var testButton = box.querySelector("[data-push-test]");

    function post(url, body) {
      return fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": d.csrf },
        body: JSON.stringify(body || {}),
      }).then(function (response) {
        return response.json().catch(function () {
          return {};
        }).then(function (data) {
          if (!response.ok) {
            var error = new Error(data.message || String(response.status));
            error.data = data;
            throw error;
          }
          return data;
        });
      });
    }

    function show(words, on) {
      state.textContent = words;
      box.dataset.pushState = on === undefined ? "" : on ? "on" : "off";
      onButton.hidden = on !== false;
      offButton.hidden = on !== true;
      testButton.hidden = on !== true;
      onButton.disabled = offButton.disabled = false;
    }

    function say(words) {
      result.textContent = words;
      result.hidden = !words;
    }

    function publicKey() {
      return fetch(d.keyUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.json();
        })
        .then(function (data) {
          return keyBytes(data.public_key);
        });
    }

    function registration() {
      return navigator.serviceWorker.register(d.workerUrl, { scope: "/" }).then(function () {
        return navigator.serviceWorker.ready;
      });
    }

    function subscribe() {
      return Promise.all([registration(), publicKey()]).then(function (found) {
        var manager = found[0].pushManager;
        var key = found[1];
        return manager.getSubscription().then(function (old) {
          // a subscription made for another key (the site's key changed) is refused: make a new one
          if (old && !sameKey(old.options && old.options.applicationServerKey, key)) {
            return old.unsubscribe().then(function () {
              return null;
            });
          }
          return old;
        }).then(function (old) {
          return old || manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        });
      }).then(function (subscription) {
        return post(d.subscribeUrl, subscription.toJSON());
      });
    }

    function turnOn() {
      onButton.disabled = true;
      say("");
      state.textContent = d.saysWorking;
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") {
          show(d.saysRefused, permission === "denied" ? undefined : false);
          return null;
        }
        return subscribe().then(function () {
          show(d.saysOn, true);
        });
      }).catch(function () {
        show(d.saysFailed, false);
      });
    }

    function turnOff() {
      offButton.disabled = true;
      say("");
      registration().then(function (reg) {
        return reg.pushManager.getSubscription();
      }).then(function (subscription) {
        if (!subscription) {
          return null;
        }
        var endpoint = subscription.endpoint;
        return subscription.unsubscribe().then(function () {
          return post(d.unsubscribeUrl, { endpoint: endpoint });
        });
      }).then(function () {
        show(d.saysOff, false);
      }).catch(function () {
        show(d.saysFailed, true);
      });
    }

    function sendTest() {
      testButton.disabled = true;
      say("");
      post(d.testUrl, { url: window.location.pathname + window.location.search })
        .then(function (data) {
          say(data.devices ? d.saysSent.replace("%(sent)s", data.sent).replace("%(devices)s", data.devices) : d.saysNone);
        })
        .catch(function (error) {
          say((error.data && error.data.message) || d.saysTestFailed);
        })
        .then(function () {
          testButton.disabled = false;
        });
    }

    onButton.addEventListener("click", turnOn);
    offButton.addEventListener("click", turnOff);
    testButton.addEventListener("click", sendTest);

    if (!supported()) {
      show(onAppleWithoutHomeScreen() ? d.saysIos : d.saysUnsupported);
      return;
    }
    if (Notification.permission === "denied") {
      show(d.saysRefused);
      return;
    }
    if (Notification.permission !== "granted") {
      show(d.saysOff, false);
      return;
    }
    // Allowed before: if this browser is subscribed, tell the site again (it may have been
    // signed in as someone else, or the site may have forgotten it); else it is off here.
    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (subscription) {
      if (!subscription) {
        show(d.saysOff, false);
        return null;
      }
      return subscribe().then(function () {
        show(d.saysOn, true);
      });
    }).catch(function () {
      show(d.saysFailed, false);
    });
  }

  function start() {
    var boxes = document.querySelectorAll("[data-push]");
    for (var i = 0; i < boxes.length; i++) {
      setUp(boxes[i]);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
