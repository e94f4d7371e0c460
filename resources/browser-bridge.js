// The browser-mode bridge: gives the page the same window.api the Electron preload gives it, over the
// loopback host's HTTP endpoints. The host prepends `const CHANNELS = [...]` (the contract's channel
// names) when it serves this file. The per-launch token arrives in the URL's fragment (never sent to a
// server), is kept for this tab's session only, and goes with every call as a bearer token.
(() => {
  const KEY = 'backoffice.token';
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = () => sessionStorage.getItem(KEY) ?? '';
  const known = new Set(CHANNELS);
  // Main's phrases (main/phrases/en/ipc.ts), worded by the page in the language shown; the English is for logs.
  const failure = (code, said, message) => ({ ok: false, error: { code, said: [said], message } });

  async function invoke(channel, input) {
    if (!known.has(channel)) {
      const name = JSON.stringify(String(channel).slice(0, 80));
      return failure(
        'unknownChannel',
        { code: 'ipc.unknownChannel', params: { channel: name } },
        `The app does not know the request ${name}.`,
      );
    }
    let response;
    try {
      response = await fetch(`/ipc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
        body: JSON.stringify(input === undefined ? {} : input),
      });
    } catch {
      return failure(
        'internal',
        { code: 'ipc.host.unreachable' },
        'The app is not reachable: it may have been closed. Start it again and reload.',
      );
    }
    if (response.status === 401 || response.status === 403) {
      return failure(
        'forbidden',
        { code: 'ipc.host.notAuthorised' },
        'This page is not authorised: open the address the app printed when it started.',
      );
    }
    return response.json();
  }

  const listeners = new Set();
  let stream;
  async function connect() {
    const controller = new AbortController();
    stream = controller;
    try {
      const response = await fetch('/events', { headers: { authorization: `Bearer ${token()}` }, signal: controller.signal });
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          if (line === '') continue; // keep-alive
          const event = JSON.parse(line);
          for (const listener of listeners) listener(event);
        }
      }
    } catch {
      // dropped or refused: try again shortly while anyone listens
    }
    if (stream === controller && listeners.size > 0) setTimeout(() => stream === controller && connect(), 1000);
  }

  function subscribe(listener) {
    listeners.add(listener);
    if (listeners.size === 1) void connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && stream) {
        stream.abort();
        stream = undefined;
      }
    };
  }

  Object.defineProperty(window, 'api', {
    value: Object.freeze({ contractVersion: CONTRACT_VERSION, invoke, subscribe }),
    writable: false,
    configurable: false,
  });
})();
