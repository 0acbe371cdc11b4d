// What every page of the studio shares: asking the server (JSON in, JSON out, a problem as
// one line), listening to what it pushes, and building elements.
"use strict";

const Studio = {
  /** POST a JSON body; the answer as {ok, status, data}, data.error holding the problem. */
  async post(url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      return { ok: false, status: 0, data: { error: "the studio does not answer: is it still running?" } };
    }
    return Studio.read(response);
  },

  async get(url) {
    let response;
    try {
      response = await fetch(url, { headers: { accept: "application/json" } });
    } catch (err) {
      return { ok: false, status: 0, data: { error: "the studio does not answer: is it still running?" } };
    }
    return Studio.read(response);
  },

  async read(response) {
    let data;
    try {
      data = await response.json();
    } catch (err) {
      data = { error: `the studio answered ${response.status} ${response.statusText}` };
    }
    return { ok: response.ok, status: response.status, data };
  },

  /** Listen to a topic the server pushes (server-sent events); returns the source to close. */
  listen(topic, onEvent) {
    const source = new EventSource("/events/" + encodeURIComponent(topic));
    source.onmessage = (event) => onEvent(JSON.parse(event.data));
    return source;
  },

  /** An element: el("button", {class: "x", onclick: f}, "text", child...). */
  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "html") node.innerHTML = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },
};
