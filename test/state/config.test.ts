import { expect } from '@open-wc/testing';
import { CONFIG_ATTRIBUTES, DEFAULT_CONFIG, endpointAttribute, readConfig } from '../../src/state/config';

function attributes(values: Record<string, string>): (name: string) => string | null {
  return (name) => values[name] ?? null;
}

function silenced<T>(run: () => T): { result: T; warnings: string[] } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    return { result: run(), warnings };
  } finally {
    console.warn = original;
  }
}

describe('readConfig', () => {
  it('gives the docs/configuration.md defaults when no attribute is set', () => {
    const config = readConfig(attributes({}));
    expect(config).to.deep.equal(DEFAULT_CONFIG);
    expect(config.loyaltyActive).to.equal(true);
    expect(config.activeSection).to.equal('PRE_SIGNUP');
    expect(config.renderIcon).to.equal(true);
  });

  it('reads booleans the way templates write them', () => {
    for (const [text, expected] of [['true', true], ['True', true], ['1', true], ['yes', true], ['False', false], ['0', false], ['no', false]] as const) {
      expect(readConfig(attributes({ 'data-is-desktop': text })).isDesktop, text).to.equal(expected);
    }
  });

  it('removes the trailing slash of the domain and upper-cases the section', () => {
    const config = readConfig(attributes({ 'data-domain': 'https://hotel.example//', 'data-active-section': 'signin' }));
    expect(config.domain).to.equal('https://hotel.example');
    expect(config.activeSection).to.equal('SIGNIN');
  });

  it('maps every address attribute from its kebab-case name', () => {
    expect(endpointAttribute('dropUrl')).to.equal('data-drop-url');
    expect(endpointAttribute('getUser')).to.equal('data-get-user');
    const config = readConfig(attributes({ 'data-get-user': '/api/me/', 'data-social-check-user': 'https://hotel.example/check/' }));
    expect(config.endpoints.getUser).to.equal('/api/me/');
    expect(config.endpoints.socialCheckUser).to.equal('https://hotel.example/check/');
  });

  it('reads data-csrf-cookie-name (Django\'s CSRF_COOKIE_NAME), default csrftoken, refusing what is no cookie name', () => {
    expect(readConfig(attributes({})).csrfCookieName).to.equal('csrftoken');
    expect(readConfig(attributes({ 'data-csrf-cookie-name': ' bookcore_csrf ' })).csrfCookieName).to.equal('bookcore_csrf');
    const { result, warnings } = silenced(() => readConfig(attributes({ 'data-csrf-cookie-name': 'csrf token; path=/' })));
    expect(result.csrfCookieName).to.equal('csrftoken');
    expect(warnings.join(' ')).to.include('data-csrf-cookie-name');
  });

  it('does not take data-set-cookie: the widget never sets a cookie through bookcore; a host page configures the address on its bookcore client', () => {
    expect(CONFIG_ATTRIBUTES).to.not.include('data-set-cookie');
    const config = readConfig(attributes({ 'data-set-cookie': '/elsewhere/' }));
    expect(config.endpoints).to.not.have.property('setCookie');
  });

  it('falls back with a warning naming the attribute for each malformed value', () => {
    const { result, warnings } = silenced(() =>
      readConfig(
        attributes({
          'data-loyalty-active': 'perhaps',
          'data-active-section': 'NOWHERE',
          'data-project-code': '../evil',
          'data-domain': 'ftp://files.example',
          'data-logout': '//evil.example/logout',
          'data-reset-availability': 'javascript:alert(1)',
        }),
      ),
    );
    expect(result.loyaltyActive).to.equal(true);
    expect(result.activeSection).to.equal('PRE_SIGNUP');
    expect(result.projectCode).to.equal('');
    expect(result.domain).to.equal('');
    expect(result.endpoints.logout).to.equal(DEFAULT_CONFIG.endpoints.logout);
    expect(result.endpoints.resetAvailability).to.equal(DEFAULT_CONFIG.endpoints.resetAvailability);
    expect(warnings).to.have.length(6);
    for (const attribute of ['data-loyalty-active', 'data-active-section', 'data-project-code', 'data-domain', 'data-logout', 'data-reset-availability']) {
      expect(warnings.some((warning) => warning.includes(`${attribute}=`)), attribute).to.equal(true);
    }
  });
});
