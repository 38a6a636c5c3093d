// @ts-check
/* global customElements -- a browser module */
/**
 * The benchmark's baseline: the least a React 19 + r2wc custom element can be. `<baseline-button>` renders one
 * button in an open shadow root; clicking it changes state and renders a second element (a section with an
 * input), the baseline for "click to panel interactive". Built like the library (rollup, production React,
 * terser) by ./build.mjs.
 */
import r2wc from '@r2wc/react-to-web-component';
import { createElement, Fragment, useState } from 'react';

function BaselineButton() {
  const [open, setOpen] = useState(false);
  return createElement(
    Fragment,
    null,
    createElement('button', { type: 'button', part: 'button', onClick: () => setOpen(true) }, 'Club'),
    open && createElement('section', { part: 'panel' }, createElement('input', { type: 'email', name: 'email', 'aria-label': 'E-mail' })),
  );
}

customElements.define('baseline-button', r2wc(BaselineButton, { shadow: 'open' }));
