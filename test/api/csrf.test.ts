import { expect } from '@open-wc/testing';
import { readCsrfToken, type CsrfTokenSource } from '../../src/lib/csrf';

function fakePage(cookie: string | (() => string), fieldValue?: string): CsrfTokenSource {
  const field = fieldValue === undefined ? null : Object.assign(document.createElement('input'), { value: fieldValue });
  return {
    get cookie() {
      return typeof cookie === 'function' ? cookie() : cookie;
    },
    querySelector: ((selector: string) =>
      selector === 'input[name="csrfmiddlewaretoken"]' ? field : null) as Document['querySelector'],
  };
}

describe('readCsrfToken', () => {
  it('reads the csrftoken cookie among others', () => {
    expect(readCsrfToken(fakePage('sessionid=abc; csrftoken=TokenFromCookie; lang=es'))).to.equal('TokenFromCookie');
  });

  it('decodes a percent-encoded cookie value', () => {
    expect(readCsrfToken(fakePage('csrftoken=a%2Bb%3D'))).to.equal('a+b=');
  });

  it('does not mistake a cookie whose name merely ends in csrftoken', () => {
    expect(readCsrfToken(fakePage('xcsrftoken=wrong; csrftoken=right'))).to.equal('right');
    expect(readCsrfToken(fakePage('xcsrftoken=wrong'))).to.equal(null);
  });

  it('falls back to the hidden csrfmiddlewaretoken field', () => {
    expect(readCsrfToken(fakePage('lang=es', 'TokenFromField'))).to.equal('TokenFromField');
  });

  it('prefers the cookie over the hidden field', () => {
    expect(readCsrfToken(fakePage('csrftoken=TokenFromCookie', 'TokenFromField'))).to.equal('TokenFromCookie');
  });

  it('treats an empty cookie as absent', () => {
    expect(readCsrfToken(fakePage('csrftoken=', 'TokenFromField'))).to.equal('TokenFromField');
  });

  it('answers null when the page carries no token', () => {
    expect(readCsrfToken(fakePage('lang=es'))).to.equal(null);
    expect(readCsrfToken(fakePage('', '   '))).to.equal(null);
  });

  it('survives a document whose cookie access throws, and still reads the field', () => {
    const throwing = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    expect(readCsrfToken(fakePage(throwing))).to.equal(null);
    expect(readCsrfToken(fakePage(throwing, 'TokenFromField'))).to.equal('TokenFromField');
  });

  it('reads afresh on every call, so a rotated token is picked up', () => {
    let cookie = 'csrftoken=first';
    const page = fakePage(() => cookie);
    expect(readCsrfToken(page)).to.equal('first');
    cookie = 'csrftoken=second';
    expect(readCsrfToken(page)).to.equal('second');
  });

  it('reads the real document by default', () => {
    const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrfmiddlewaretoken' });
    field.value = 'TokenInThePage';
    document.cookie = 'csrftoken=; path=/; max-age=0';
    document.body.append(field);
    try {
      expect(readCsrfToken()).to.equal('TokenInThePage');
    } finally {
      field.remove();
    }
  });
});
