// @ts-check
/**
 * The engine plumbing of `npm test` (scripts/browsers.mjs, scripts/figures.mjs): which engines a command line or
 * the environment selects, and that a figure a browser posts carries the engine its User-Agent names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENGINES, selectedEngines } from '../../scripts/browsers.mjs';
import { engineFigure, engineOfUserAgent } from '../../scripts/figures.mjs';

describe('engine selection', () => {
  it('is all three engines by default', () => {
    assert.deepEqual(selectedEngines([], {}), ['chromium', 'firefox', 'webkit']);
    assert.deepEqual(ENGINES, ['chromium', 'firefox', 'webkit']);
  });

  it('takes --browser=NAME, --browser NAME, comma lists and repeats, in the canonical order', () => {
    assert.deepEqual(selectedEngines(['node', 'test.mjs', '--browser=firefox'], {}), ['firefox']);
    assert.deepEqual(selectedEngines(['--browser', 'WebKit'], {}), ['webkit']);
    assert.deepEqual(selectedEngines(['--browser=webkit,chromium'], {}), ['chromium', 'webkit']);
    assert.deepEqual(selectedEngines(['--browser=webkit', '--browser=firefox'], {}), ['firefox', 'webkit']);
  });

  it('takes LOYALTY_BROWSERS when the command line names none, the command line first', () => {
    assert.deepEqual(selectedEngines([], { LOYALTY_BROWSERS: 'firefox, webkit' }), ['firefox', 'webkit']);
    assert.deepEqual(selectedEngines(['--browser=chromium'], { LOYALTY_BROWSERS: 'firefox' }), ['chromium']);
  });

  it('refuses an engine it does not know, naming the ones it does', () => {
    assert.throws(() => selectedEngines(['--browser=safari'], {}), /Unknown browser safari: pick from chromium, firefox, webkit/);
  });
});

describe('figures per engine', () => {
  it('names the engine of each tested browser from its User-Agent', () => {
    // As the three browsers here send it (Chromium's and WebKit's both say AppleWebKit).
    assert.equal(
      engineOfUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'),
      'Chromium',
    );
    assert.equal(engineOfUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0'), 'Firefox');
    assert.equal(
      engineOfUserAgent('Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'),
      'WebKit',
    );
    assert.equal(engineOfUserAgent(''), 'unknown engine');
  });

  it('puts the engine in the figure name', () => {
    assert.equal(engineFigure('xss', 'WebKit'), 'xss (WebKit)');
  });
});
