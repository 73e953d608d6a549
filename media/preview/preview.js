// The preview page. Plain DOM, no framework, no build step: it receives the view
// model of server/src/core/features/preview/preview.ts from the extension by postMessage and draws it.
//
// Safety: the message is untrusted input. Every text from it is set with textContent, never
// as HTML; no link navigates (clicking reveals the source, a URL can be copied); remote
// images are drawn as placeholders unless the page's CSP and body[data-remote-images]
// allow https images (a per-workspace choice the extension makes).
//
// Test hooks: each column has data-channel and data-verdict, each form control data-key; after
// each drawing the page reports what it drew ({ type: 'drawn' }) to the extension.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const app = document.getElementById('app');
  const remoteImages = document.body.dataset.remoteImages === 'https';
  const loadId = Math.random().toString(36).slice(2);
  document.body.dataset.loadId = loadId;

  /** Saved across hide/show and window reloads: the extension's state and the page's own. */
  let saved = vscode.getState() || {};
  let last = null; // the last drawn response
  let lastGood = null; // the last response with a drawing (kept under a banner while the text does not parse)
  let renders = 0;
  let cursorOffset = undefined;

  function save(patch) {
    saved = Object.assign({}, saved, patch);
    vscode.setState(saved);
  }

  function h(tag, attrs, children) {
    const el = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'text') el.textContent = String(v);
        else if (k === 'className') el.className = v;
        else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
        else el.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (const c of children || []) if (c) el.appendChild(c);
    return el;
  }

  function post(message) {
    vscode.postMessage(message);
  }

  /** The channel-specific file the column being drawn comes from (its ranges are offsets in that file). */
  let drawingFile;

  /** Makes an element a keyboard-reachable link to its source range. */
  function sourceLink(el, source, label) {
    if (!source) return el;
    const file = drawingFile;
    el.dataset.offset = String(source.offset);
    el.dataset.length = String(source.length);
    el.classList.add('has-source');
    el.tabIndex = 0;
    if (!el.getAttribute('role')) el.setAttribute('role', 'button');
    if (label) el.setAttribute('aria-label', label);
    const go = (e) => {
      e.preventDefault();
      e.stopPropagation();
      post({ type: 'reveal', offset: source.offset, length: source.length, file });
    };
    el.addEventListener('click', go);
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') go(e); });
    return el;
  }

  /** A drawn text: plain runs as text, templates as chips. */
  function drawnText(tag, className, t) {
    const el = h(tag, { className, dir: 'auto' });
    if (!t) return el;
    for (const s of t.segments) {
      if (s.template) el.appendChild(h('span', { className: 'chip-template', text: s.text, title: 'A template, left as written' }));
      else el.appendChild(document.createTextNode(s.text));
    }
    return el;
  }

  const VERDICT_WORDS = {
    sent: 'Sent as is',
    shortened: 'Shortened by the app (approximate)',
    rejected: "Rejected by the channel's API",
    dropped: 'Sent with fields dropped',
    override: 'Replaced by a channel-specific file',
  };

  function media(m, className) {
    if (!m) return null;
    const box = h('div', {
      className: 'media ' + (className || ''),
      role: 'img',
      'aria-label': 'Image' + (m.altText ? ': ' + m.altText : '') + (m.host ? ' from ' + m.host : ''),
    });
    if (m.height) box.style.height = m.height + 'px';
    else if (m.aspect) box.style.aspectRatio = String(m.aspect);
    if (remoteImages && m.https) {
      const img = h('img', { alt: m.altText || '', src: m.url, referrerpolicy: 'no-referrer' });
      box.appendChild(img);
    } else {
      box.appendChild(h('span', { className: 'media-alt', text: m.altText ? m.altText : 'Image' }));
      box.appendChild(h('span', { className: 'media-host', text: m.host ? m.host : m.url ? m.url : 'no URL' }));
      box.appendChild(h('span', {
        className: 'media-note',
        text: m.https ? 'Not loaded: remote images are off' : 'Not loaded: only https images can be allowed',
      }));
    }
    return sourceLink(box, m.source, 'Image' + (m.altText ? ': ' + m.altText : '') + ': show in the source');
  }

  function button(b, className) {
    const el = h('div', { className: 'btn ' + className + ' action-' + b.action });
    el.appendChild(drawnText('span', 'btn-label', b.label));
    sourceLink(el, b.source, (b.label.text || '(empty)') + ': ' + b.action + ' button, show in the source');
    if (b.target) {
      el.title = b.target;
      const copy = h('button', {
        className: 'copy',
        type: 'button',
        text: 'Copy',
        'aria-label': 'Copy ' + (b.action === 'url' ? 'the URL ' : 'the number ') + b.target,
      });
      copy.addEventListener('click', (e) => { e.stopPropagation(); post({ type: 'copy', text: b.target }); });
      el.appendChild(copy);
    }
    return el;
  }

  function bubble(col) {
    const parts = [];
    if (col.layout === 'override') {
      parts.push(h('div', { className: 'override' }, [
        h('div', { className: 'override-file', text: col.override ? col.override.file : '' }),
        h('pre', { className: 'override-text', text: col.override ? col.override.text : '' }),
      ]));
      return h('div', { className: 'bubble layout-override' }, parts);
    }
    if (col.layout === 'carousel') return carousel(col);
    parts.push(media(col.media, col.channel === 'gbm' ? 'gbm' : ''));
    if (col.header) parts.push(sourceLink(drawnText('div', 'header', col.header), col.header.source));
    if (col.title) parts.push(sourceLink(drawnText('div', 'title', col.title), col.title.source));
    if (col.subtitle) parts.push(sourceLink(drawnText('div', 'subtitle', col.subtitle), col.subtitle.source));
    if (col.body) parts.push(sourceLink(drawnText('div', 'body', col.body), col.body.source));
    const inCard = col.layout !== 'interactive';
    if (inCard && col.buttons.length) parts.push(h(
      'div',
      { className: 'buttons', role: 'group', 'aria-label': 'Buttons' },
      col.buttons.map((b) => button(b, 'card-btn')),
    ));
    const out = [h('div', { className: 'bubble layout-' + col.layout }, parts)];
    if (col.list) out.push(...listSheet(col.list));
    if (!inCard && col.buttons.length) out.push(h(
      'div',
      { className: 'reply-rows', role: 'group', 'aria-label': 'Reply buttons' },
      col.buttons.map((b) => button(b, 'row-btn')),
    ));
    if (col.chips.length) out.push(h(
      'div',
      { className: 'chips', role: 'group', 'aria-label': col.channel === 'messenger' ? 'Quick replies' : 'Suggestions' },
      col.chips.map((b) => button(b, 'pill')),
    ));
    return h('div', { className: 'thread' }, out);
  }

  /**
   * The platform's events as the customer sees them on this channel, before the card: their own
   * message with its delivery and read marks, then the typing indicator. Hover says what each is,
   * how the platform sends it and the page that says so; the customer's message lists the events
   * this channel does not show.
   */
  function events(col) {
    const ev = col.events;
    if (!ev) return null;
    const marks = ev.shown.filter((e) => e.event !== 'IS_TYPING');
    const typing = ev.shown.find((e) => e.event === 'IS_TYPING');
    const missing = ev.notShown.map((n) => n.event + ': ' + n.why).join('\n');
    const out = [
      h('div', {
        className: 'customer-message',
        text: 'The customer’s message',
        title: 'A message from the customer (not in any file).' + (missing ? '\n' + missing : ''),
      }),
    ];
    if (marks.length) out.push(h('div', { className: 'receipts' }, marks.map((e) => h('span', {
      className: 'event-mark event-' + e.event.toLowerCase(),
      'data-event': e.event,
      text: e.mark,
      title: e.detail,
      tabindex: '0',
      'aria-label': e.detail,
    }))));
    if (typing) out.push(h('div', {
      className: 'typing',
      'data-event': typing.event,
      title: typing.detail,
      tabindex: '0',
      'aria-label': typing.detail,
    }, [
      h('span', { className: 'typing-dots', 'aria-hidden': 'true' }, [h('span'), h('span'), h('span')]),
      h('span', { className: 'typing-time', text: 'up to ' + typing.seconds + ' s' }),
    ]));
    return h('div', { className: 'events', role: 'group', 'aria-label': 'Events before the card: ' + ev.summary }, out);
  }

  /** Cards side by side (Messenger's generic template elements, Google's and RCS's carousel). */
  function carousel(col) {
    const cards = (col.cards || []).map((c, i) => {
      const parts = [media(c.media, col.channel === 'messenger' ? '' : 'gbm')];
      if (c.title) parts.push(sourceLink(drawnText('div', 'title', c.title), c.title.source));
      if (c.subtitle) parts.push(sourceLink(drawnText('div', 'subtitle', c.subtitle), c.subtitle.source));
      if (c.buttons.length) {
        parts.push(h('div', { className: 'buttons', role: 'group', 'aria-label': 'Buttons' }, c.buttons.map((b) => button(b, 'card-btn'))));
      }
      return h('div', { className: 'bubble carousel-card', role: 'group', 'aria-label': 'Card ' + (i + 1) }, parts);
    });
    const out = [h('div', { className: 'carousel', role: 'group', 'aria-label': cards.length + ' cards' }, cards)];
    if (col.chips.length) out.push(h(
      'div',
      { className: 'chips', role: 'group', 'aria-label': col.channel === 'messenger' ? 'Quick replies' : 'Suggestions' },
      col.chips.map((b) => button(b, 'pill')),
    ));
    return h('div', { className: 'thread' }, out);
  }

  /** WhatsApp's list: the button under the message, and the sheet it opens (drawn open) with its sections and rows. */
  function listSheet(list) {
    const opener = sourceLink(h('div', { className: 'btn row-btn list-button' }, [
      h('span', { className: 'list-icon', text: '☰', 'aria-hidden': 'true' }),
      drawnText('span', 'btn-label', list.button),
    ]), list.button.source, (list.button.text || '(empty)') + ': the button that opens the list, show in the source');
    const sections = list.sections.map((section) => {
      const rows = section.rows.map((r) => sourceLink(h('div', { className: 'list-row' }, [
        h('div', { className: 'list-row-text' }, [
          drawnText('div', 'list-row-title', r.title),
          r.description ? drawnText('div', 'list-row-description', r.description) : null,
        ]),
        h('span', { className: 'list-radio', 'aria-hidden': 'true' }),
      ]), r.source, (r.title.text || '(empty)') + ': a list row, show in the source'));
      return h('div', { className: 'list-section', role: 'group', 'aria-label': section.title ? section.title.text : 'Section' }, [
        section.title ? sourceLink(drawnText('div', 'list-section-title', section.title), section.title.source) : null,
        ...rows,
      ]);
    });
    const sheet = h('div', { className: 'list-sheet', role: 'group', 'aria-label': 'The list, as it opens' }, [
      drawnText('div', 'list-sheet-title', list.button),
      ...sections,
    ]);
    return [opener, sheet];
  }

  function column(col, active) {
    drawingFile = col.file;
    const reasons = h('ul', { className: 'reasons' }, col.reasons.map((r) => {
      const li = h('li', { className: 'reason reason-' + r.verdict });
      li.appendChild(h('span', { className: 'reason-verdict', text: r.verdict }));
      li.appendChild(h('span', { className: 'reason-text', text: r.message + (r.rule ? ' (' + r.rule + ')' : '') }));
      if (r.range) sourceLink(li, r.range, r.message + ': show the finding in the source');
      return li;
    }));
    const verdict = h('div', { className: 'verdict verdict-' + col.verdict, text: VERDICT_WORDS[col.verdict] || col.verdict });
    const first = col.reasons.find((r) => r.range);
    if (first) sourceLink(verdict, first.range, VERDICT_WORDS[col.verdict] + ': show the finding that explains it');
    const section = h('section', {
      className: 'column' + (active ? ' active' : ''),
      'data-channel': col.channel,
      'data-file': col.file,
      'data-verdict': col.verdict,
      role: 'tabpanel',
      id: 'col-' + col.channel,
      'aria-label': col.name + ': ' + (VERDICT_WORDS[col.verdict] || col.verdict),
    }, [
      h('header', { className: 'column-head' }, [h('h2', { text: col.name }), verdict]),
      col.note ? h('p', { className: 'note', text: col.note }) : null,
      h('div', { className: 'phone channel-' + col.channel, 'aria-label': col.name + ' phone: ' + col.messageType }, [
        h('div', { className: 'phone-bar', text: col.name }),
        h('div', { className: 'screen' }, [saved.events ? events(col) : null, bubble(col)]),
      ]),
      h('p', { className: 'message-type', text: 'Sent as: ' + col.messageType }),
      col.reasons.length ? reasons : null,
      h('p', { className: 'approximate', text: col.approximate }),
    ]);
    drawingFile = undefined;
    return section;
  }

  function toolbar(state, p) {
    const mode = state.mode || 'sample';
    const bar = h('div', { className: 'toolbar', role: 'toolbar', 'aria-label': 'Preview options' });
    const modes = h('div', { className: 'segmented', role: 'group', 'aria-label': 'Show' });
    for (const [m, label] of [['template', 'Template'], ['sample', 'Sample data']]) {
      modes.appendChild(h('button', {
        type: 'button',
        text: label,
        'aria-pressed': String(mode === m),
        'data-mode': m,
        onclick: () => post({ type: 'setMode', mode: m }),
      }));
    }
    bar.appendChild(modes);
    if (p && p.list) {
      const list = h('div', { className: 'segmented stepper', role: 'group', 'aria-label': 'Elements of ' + p.list.expression });
      list.appendChild(h('span', { className: 'stepper-label', text: p.list.expression + ':' }));
      for (const n of p.list.choices) {
        const isN = n === Math.max.apply(null, p.list.choices) && n > 2;
        list.appendChild(h('button', {
          type: 'button', text: isN ? 'N=' + n : String(n), 'aria-pressed': String(p.list.length === n), disabled: !p.list.adjustable,
          'aria-label': n + ' elements', onclick: () => post({ type: 'setListLength', length: n }),
        }));
      }
      list.appendChild(h('button', {
        type: 'button',
        text: '−',
        'aria-label': 'One element fewer',
        disabled: !p.list.adjustable || p.list.length <= 0,
        onclick: () => post({ type: 'setListLength', length: p.list.length - 1 }),
      }));
      list.appendChild(h('button', {
        type: 'button',
        text: '+',
        'aria-label': 'One element more',
        disabled: !p.list.adjustable || p.list.length >= 20,
        onclick: () => post({ type: 'setListLength', length: p.list.length + 1 }),
      }));
      if (p.list.sampleLength !== undefined) list.appendChild(h('button', {
        type: 'button',
        text: 'Sample',
        'aria-label': 'As many elements as the sample data',
        onclick: () => post({ type: 'setListLength', length: null }),
      }));
      bar.appendChild(list);
    }
    const summaries = p && p.columns ? p.columns.map((c) => c.events && c.events.summary).filter(Boolean) : [];
    bar.appendChild(h('button', {
      type: 'button',
      className: 'events-toggle',
      text: 'Events',
      'aria-pressed': String(!!saved.events),
      title: 'Show what the customer sees of the events the platform sends (DELIVERED, READ, IS_TYPING) before the card' +
        (summaries.length ? ':\n' + summaries.join('\n') : ''),
      onclick: () => { save({ events: !saved.events }); draw(last); },
    }));
    bar.appendChild(h('button', {
      type: 'button',
      className: 'lock',
      'aria-pressed': String(!!state.locked),
      text: state.locked ? 'Locked' : 'Follows the editor',
      title: 'Toggle Preview Lock',
      onclick: () => post({ type: 'toggleLock' }),
    }));
    return bar;
  }

  function tabs(columns, activeChannel) {
    return h('div', { className: 'tabs', role: 'tablist', 'aria-label': 'Channels' }, columns.map((c) => h('button', {
      type: 'button', role: 'tab', text: c.name, 'aria-selected': String(c.channel === activeChannel), 'aria-controls': 'col-' + c.channel,
      onclick: () => { save({ tab: c.channel }); draw(last); },
    })));
  }

  function formView(f) {
    const items = f.controls.map((c) => {
      const id = 'f-' + c.key.replace(/[^A-Za-z0-9_-]/g, '_');
      let control;
      if (c.control === 'textarea') control = h('textarea', { id, rows: 3, placeholder: c.placeholder, 'data-key': c.key });
      else if (c.control === 'switch') control = h('input', { id, type: 'checkbox', role: 'switch', 'data-key': c.key });
      else if (c.control === 'select') {
        control = h('select', { id, 'data-key': c.key }, (c.options || []).map((o) => h('option', { value: o.value, text: o.label })));
      } else control = h('input', { id, type: 'text', placeholder: c.placeholder, 'data-key': c.key });
      if (c.control === 'switch') control.checked = c.value === true;
      else control.value = String(c.value);
      const row = h('div', { className: 'form-row control-' + c.control }, [h('label', { for: id, text: c.label }), control]);
      const where = h('button', {
        type: 'button',
        className: 'where',
        text: 'Source',
        'aria-label': 'Show the entry ' + c.key + ' in the source',
      });
      where.addEventListener('click', () => post({ type: 'reveal', offset: c.source.offset, length: c.source.length }));
      row.appendChild(where);
      row.dataset.offset = String(c.source.offset);
      row.dataset.length = String(c.source.length);
      return row;
    });
    return h('div', { className: 'form-preview', role: 'form', 'aria-label': 'Integrations form: ' + f.title }, [
      h('h2', { text: f.title }),
      f.note ? h('p', { className: 'note', text: f.note }) : null,
      items.length ? null : h('p', { className: 'empty', text: 'No Configuration Meta entries.' }),
      ...items,
      h('p', { className: 'approximate', text: 'Approximate: the platform draws the form with its own styles.' }),
    ]);
  }

  function banner(p) {
    const b = h('div', { className: 'banner', role: 'alert' }, [
      h('span', { text: 'The text does not parse: showing the last good drawing. ' + (p.error ? p.error.message : '') }),
    ]);
    if (p.error && typeof p.error.offset === 'number') {
      b.appendChild(h('button', {
        type: 'button',
        text: 'Go to the problem',
        onclick: () => post({ type: 'reveal', offset: p.error.offset, length: 0 }),
      }));
    }
    return b;
  }

  function draw(response) {
    if (!response) return;
    last = response;
    const p = response.preview;
    const state = saved.state || {};
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    const parts = [];
    let shown = p;
    let broken = false;
    if (p.kind === 'message' && p.error) {
      broken = true;
      if (lastGood && lastGood.uri === response.uri && lastGood.preview.kind === 'message') shown = lastGood.preview;
    } else if ((p.kind === 'message' && !p.notice) || p.kind === 'form') {
      lastGood = response;
    }
    parts.push(h('div', { className: 'file', text: decodeURIComponent(response.uri.split('/').pop() || '') }));
    if (p.kind === 'message' || p.kind === 'none') parts.push(toolbar(state, shown.kind === 'message' ? shown : undefined));
    if (broken) parts.push(banner(p));
    if (p.notice) parts.push(h('p', { className: 'notice', role: 'status', text: p.notice }));
    if (shown.kind === 'message' && shown.columns.length) {
      const active = shown.columns.some((c) => c.channel === saved.tab) ? saved.tab : shown.columns[0].channel;
      parts.push(tabs(shown.columns, active));
      parts.push(h('div', { className: 'columns' + (broken ? ' stale' : '') }, shown.columns.map((c) => column(c, c.channel === active))));
      if (shown.unevaluated && shown.unevaluated.length) {
        parts.push(h('details', { className: 'unevaluated' }, [
          h('summary', { text: shown.unevaluated.length + ' template' + (shown.unevaluated.length === 1 ? '' : 's') + ' left as written' }),
          h('ul', null, shown.unevaluated.map((u) => sourceLink(h('li', { text: '${' + u.expression + '}: ' + u.reason }), u.range))),
        ]));
      }
    } else if (shown.kind === 'form') {
      if (shown.error) parts.push(h('p', { className: 'notice', text: 'The file does not parse: ' + shown.error.message }));
      parts.push(formView(shown));
    } else if (broken && !lastGood) {
      parts.push(h('p', { className: 'notice', text: 'Nothing drawn yet: the text does not parse.' }));
    }
    // Patched in place: the page is never reloaded and its scroll position is kept.
    app.replaceChildren(...parts);
    window.scrollTo(scrollX, scrollY);
    renders++;
    highlight();
    const report = {
      kind: p.kind, uri: response.uri, version: response.version, renders, loadId, banner: broken, events: !!saved.events,
      columns: shown.kind === 'message'
        ? shown.columns.map((c) => ({
          channel: c.channel,
          verdict: c.verdict,
          title: c.title ? c.title.text : undefined,
          buttons: c.buttons.length,
          events: saved.events && c.events ? c.events.shown.map((e) => e.event) : [],
          layout: c.layout,
          file: c.file,
          cards: c.cards ? c.cards.length : undefined,
          rows: c.list ? c.list.sections.reduce((n, sec) => n + sec.rows.length, 0) : undefined,
        }))
        : undefined,
      keys: shown.kind === 'form' ? shown.controls.map((c) => c.key) : undefined,
    };
    document.body.dataset.renders = String(renders);
    // Kept for hide/show and reloads, unless it is too large to keep cheaply.
    if (JSON.stringify(response).length < 1000000) save({ response });
    post({ type: 'drawn', report });
  }

  /** Highlights the innermost drawn element whose source holds the cursor. */
  function highlight() {
    for (const el of document.querySelectorAll('.is-cursor')) el.classList.remove('is-cursor');
    if (cursorOffset === undefined) return;
    let best = null;
    let bestLength = Infinity;
    // A column drawn from a channel-specific file has ranges in that file, not in the one edited.
    for (const el of document.querySelectorAll('.column:not([data-file]) [data-offset], .form-row[data-offset]')) {
      if (el.classList.contains('reason') || el.classList.contains('verdict')) continue;
      const o = Number(el.dataset.offset);
      const l = Number(el.dataset.length);
      if (cursorOffset >= o && cursorOffset <= o + l && l < bestLength) { best = o + ':' + l; bestLength = l; }
    }
    if (!best) return;
    for (const el of document.querySelectorAll('.column:not([data-file]) [data-offset], .form-row[data-offset]')) {
      if (el.classList.contains('reason') || el.classList.contains('verdict')) continue;
      if (el.dataset.offset + ':' + el.dataset.length === best) el.classList.add('is-cursor');
    }
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'state') { save({ state: m.state }); if (last) draw(last); }
    else if (m.type === 'render') { if (m.state) save({ state: m.state }); draw(m.response); }
    else if (m.type === 'cursor') { cursorOffset = m.offset; highlight(); }
  });

  // Links never navigate: anchors are not drawn, and any stray navigation is stopped.
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (a) e.preventDefault();
  });

  // Shown again after being hidden (or after a window reload): draw the saved drawing at once,
  // then ask for a fresh one.
  if (saved.response) draw(saved.response);
  post({ type: 'ready' });
})();
