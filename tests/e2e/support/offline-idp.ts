// Google and GitHub sign-in through the Auth emulator's popup, on a machine with no network beyond loopback.
// Firebase's popup flow needs Google's gapi loader (https://apis.google.com/js/api.js) twice: in the app page
// and in the emulator's relay iframe, which pass the popup's result between them with gapi.iframes. That
// script cannot be fetched here, so the context serves a small stand-in that speaks the same few calls the
// SDK and the emulator use (load, getContext().open / getParentIframe, register, send, ping, restyle) over
// postMessage. Everything else is real: the SDK, the emulator's popup, its relay iframe and signInWithIdp.
import type { BrowserContext, Page } from 'playwright-core';

const GAPI_STAND_IN = String.raw`(function () {
  var MARK = '__gapiStandIn';
  var seq = 0;
  var replies = {};
  var channels = [];
  var pongs = [];

  function channelFor(win) {
    var found = channels.find(function (c) { return c.win === win; });
    if (found) return found;
    var channel = { win: win, handlers: {}, queued: [] };
    channels.push(channel);
    return channel;
  }
  function deliver(channel, message) {
    var handler = channel.handlers[message.type];
    var results = [];
    try { results.push(handler(message.data)); } catch (e) { /* a throwing handler answers nothing */ }
    channel.win.postMessage({ [MARK]: 'reply', id: message.id, result: results }, '*');
  }
  function endpoint(channel) {
    return {
      register: function (type, handler) {
        channel.handlers[type] = handler;
        // Messages that arrived before their handler was registered (real gapi holds them too).
        var waiting = channel.queued.filter(function (m) { return m.type === type; });
        channel.queued = channel.queued.filter(function (m) { return m.type !== type; });
        waiting.forEach(function (m) { deliver(channel, m); });
      },
      send: function (type, data, callback) {
        var id = String(++seq) + ':' + Math.random();
        if (callback) replies[id] = callback;
        channel.win.postMessage({ [MARK]: 'send', id: id, type: type, data: data }, '*');
      },
    };
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[MARK]) return;
    if (message[MARK] === 'ping') return event.source.postMessage({ [MARK]: 'pong' }, '*');
    if (message[MARK] === 'pong') return pongs.splice(0).forEach(function (done) { done(); });
    if (message[MARK] === 'reply') {
      var callback = replies[message.id];
      delete replies[message.id];
      // The SDK's webStorageSupport callback throws after answering; gapi swallows that too.
      if (callback) try { callback(message.result); } catch (e) { /* swallowed */ }
      return;
    }
    var channel = channelFor(event.source);
    if (channel.handlers[message.type]) deliver(channel, message);
    else channel.queued.push(message);
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var iframe = endpoint(channelFor(frame.contentWindow));
      iframe.restyle = function () { return Promise.resolve(); };
      iframe.ping = function (callback) {
        return new Promise(function (resolve) {
          var timer = setInterval(function () { frame.contentWindow.postMessage({ [MARK]: 'ping' }, '*'); }, 50);
          pongs.push(function () { clearInterval(timer); if (callback) callback(); resolve(); });
        });
      };
      return Promise.resolve(onOpen ? onOpen(iframe) : iframe).then(function () { return iframe; });
    },
    getParentIframe: function () { return endpoint(channelFor(window.parent)); },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } };
  window.gapi.load = function (name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); });
  };
  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') window[onload]();
  else if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;

/** Serves the gapi stand-in, and empty answers for the CDN styling the emulator's popup asks for. */
export async function serveOfflineIdentityProviders(context: BrowserContext) {
  await context.route('https://apis.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) =>
    route.fulfill({
      contentType: route.request().resourceType() === 'stylesheet' ? 'text/css' : 'text/javascript',
      body: '',
    }),
  );
}

/** In the emulator's popup: add a new account with these details and sign in with it. */
export async function signInThroughEmulatorPopup(
  popup: Page,
  account: { email: string; name: string },
  provider: 'Google.com' | 'GitHub.com',
) {
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByRole('button', { name: 'Add new account' }).click();
  // The emulator's inputs point aria-labelledby at an id that does not exist, so they have no accessible name.
  await popup.locator('#email-input').fill(account.email);
  await popup.locator('#display-name-input').fill(account.name);
  await popup.getByRole('button', { name: `Sign in with ${provider}` }).click();
}
