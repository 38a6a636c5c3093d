import { expect } from '@open-wc/testing';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PRICE_LOCALE,
  currencySymbol,
  formatAmount,
  formatPrice,
  formatPriceWith,
  localeNumberFormat,
  priceFormat,
  resolvePriceLocale,
  tryFormatPrice,
} from '../../src/lib/price/format-price';
import { currencyDecimals, ZERO_DECIMAL_CURRENCIES } from '../../src/lib/price/currency-decimals';
import { CURRENCY_SYMBOLS, LANGUAGE_DEFAULT_LOCALES, LOCALE_FORMATS, SYMBOL_CURRENCIES } from '../../src/lib/price/locale-formats';
import { parsePriceAmount } from '../../src/lib/price/price-amount';

const NBSP = '\u00a0';

function warningsDuring(run: () => void): string[] {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    run();
  } finally {
    console.warn = original;
  }
  return warnings;
}

describe('formatPrice defaults (docs/commerce.md "Prices")', () => {
  it('writes euros the Spanish way: dot thousands, decimal comma, 2 decimals, symbol at the end', () => {
    expect(formatPrice(1234.5)).to.equal(`1.234,50${NBSP}€`);
    expect(formatPrice(1234567.891)).to.equal(`1.234.567,89${NBSP}€`);
    expect(formatPrice(0)).to.equal(`0,00${NBSP}€`);
    expect(formatPrice(7)).to.equal(`7,00${NBSP}€`);
  });

  it('defaults to es_ES and EUR, and resolves them to the es_ES table row', () => {
    expect(DEFAULT_PRICE_LOCALE).to.equal('es_ES');
    expect(DEFAULT_CURRENCY).to.equal('EUR');
    expect(priceFormat()).to.deep.include({ locale: 'es_ES', currency: 'EUR', symbol: '€', thousands: '.', decimal: ',', decimals: 2, prefix: '', suffix: `${NBSP}€` });
    expect(localeNumberFormat()).to.deep.equal({ thousands: '.', decimal: ',', decimals: 2, symbolPosition: 'end', symbolSpacing: true });
  });
});

describe('locale names', () => {
  it('accepts es_ES, es-ES, lower case, a bare language and POSIX suffixes alike', () => {
    for (const name of ['es_ES', 'es-ES', 'es-es', 'ES_es', 'es', ' es_ES ', 'es_ES.UTF-8', 'es-Latn-ES']) {
      expect(resolvePriceLocale(name), name).to.equal('es_ES');
    }
    expect(resolvePriceLocale('en')).to.equal('en_US');
    expect(resolvePriceLocale('pt')).to.equal('pt_BR');
    expect(resolvePriceLocale('zh-Hant-TW')).to.equal('zh_TW');
    expect(resolvePriceLocale('es_419')).to.equal('es_419');
  });

  it('formats with the resolved locale whichever spelling is used', () => {
    expect(formatPrice(1234.5, { locale: 'en-US', currency: 'USD' })).to.equal('$1,234.50');
    expect(formatPrice(1234.5, { locale: 'en_US', currency: 'USD' })).to.equal('$1,234.50');
    expect(formatPrice(1234.5, { locale: 'en', currency: 'USD' })).to.equal('$1,234.50');
  });

  it('falls back to the language when the table lacks the region, without a warning', () => {
    const warnings = warningsDuring(() => {
      expect(resolvePriceLocale('fr_QQ')).to.equal('fr_FR');
      expect(formatPrice(1234.5, { locale: 'de-QQ' })).to.equal(`1.234,50${NBSP}€`);
    });
    expect(warnings).to.deep.equal([]);
  });

  it('falls back to es_ES for an unknown language with one warning, however often it is used', () => {
    const warnings = warningsDuring(() => {
      expect(formatPrice(1234.5, { locale: 'xx_YY' })).to.equal(`1.234,50${NBSP}€`);
      expect(formatPrice(99, { locale: 'xx_YY', currency: 'USD' })).to.equal(`99,00${NBSP}US$`);
      expect(resolvePriceLocale('xx_YY')).to.equal('es_ES');
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.equal('[loyalty-elements] Unknown price locale "xx_YY": prices use es_ES.');
  });

  it('never crashes on malformed names', () => {
    const warnings = warningsDuring(() => {
      for (const name of ['!!!', '123', '_', '-', 'e', 'toString', '__proto__', 'constructor_ES']) {
        expect(formatPrice(1, { locale: name }), name).to.equal(`1,00${NBSP}€`);
      }
    });
    expect(warnings).to.have.length(8);
    expect(formatPrice(1, { locale: '' })).to.equal(`1,00${NBSP}€`);
    expect(formatPrice(1, { locale: '   ' })).to.equal(`1,00${NBSP}€`);
  });
});

describe('the locale table', () => {
  it('holds at least 250 locales, each with 2 decimals and a begin or end symbol', () => {
    const locales = Object.keys(LOCALE_FORMATS);
    expect(locales.length).to.be.at.least(250);
    for (const locale of locales) {
      const format = LOCALE_FORMATS[locale]!;
      expect(locale, locale).to.match(/^[a-z]{2,3}_(?:[A-Z]{2}|\d{3})$/);
      expect(format.decimals, locale).to.equal(2);
      expect(['begin', 'end'], locale).to.include(format.symbolPosition);
      expect(format.thousands, locale).to.not.equal(format.decimal);
    }
  });

  it('maps every language to a locale of the table', () => {
    for (const [language, locale] of Object.entries(LANGUAGE_DEFAULT_LOCALES)) {
      expect(LOCALE_FORMATS, language).to.have.property(locale);
      expect(locale.startsWith(`${language}_`), language).to.equal(true);
    }
  });

  it('carries CLDR separators and symbol positions', () => {
    expect(formatPrice(1234.5, { locale: 'fr_FR' })).to.equal(`1\u202f234,50${NBSP}€`);
    expect(formatPrice(1234.5, { locale: 'de_DE' })).to.equal(`1.234,50${NBSP}€`);
    expect(formatPrice(1234.5, { locale: 'de_CH', currency: 'CHF' })).to.equal(`CHF${NBSP}1'234.50`);
    expect(formatPrice(1234.5, { locale: 'nl_NL' })).to.equal(`€${NBSP}1.234,50`);
    expect(formatPrice(1234.5, { locale: 'en_GB', currency: 'GBP' })).to.equal('£1,234.50');
    expect(formatPrice(1234.5, { locale: 'pt_BR', currency: 'BRL' })).to.equal(`R$${NBSP}1.234,50`);
    expect(formatPrice(1234.5, { locale: 'sv_SE', currency: 'SEK' })).to.equal(`1${NBSP}234,50${NBSP}kr`);
  });

  it('groups by three everywhere, Indian locales included', () => {
    expect(formatPrice(1234567, { locale: 'hi_IN', currency: 'INR' })).to.equal('₹1,234,567');
  });
});

describe('zero-decimal currencies', () => {
  it('are exactly the fourteen of docs/commerce.md "Prices"', () => {
    expect([...ZERO_DECIMAL_CURRENCIES].sort()).to.deep.equal(['CLP', 'CNY', 'COP', 'HKD', 'IDR', 'INR', 'JPY', 'KRW', 'MMK', 'MYR', 'PHP', 'RUB', 'SGD', 'THB']);
  });

  it('show no decimals in any locale, rounding half away from zero', () => {
    for (const currency of ZERO_DECIMAL_CURRENCIES) {
      expect(currencyDecimals(currency), currency).to.equal(0);
      expect(formatAmount(1234.5, { currency }), currency).to.equal('1.235');
      expect(formatAmount(1234.49, { currency, locale: 'en_US' }), currency).to.equal('1,234');
      expect(formatAmount(-0.5, { currency }), currency).to.equal('-1');
    }
    expect(formatPrice(1234.5, { currency: 'JPY', locale: 'ja' })).to.equal('￥1,235');
    expect(formatPrice(1234.5, { currency: 'jpy', locale: 'en_US' })).to.equal('¥1,235');
  });

  it('leave other currencies at two decimals', () => {
    for (const currency of ['EUR', 'USD', 'GBP', 'MXN', 'BRL', 'AUD', 'CHF']) {
      expect(currencyDecimals(currency), currency).to.equal(2);
      expect(formatAmount(1234.5, { currency }), currency).to.equal('1.234,50');
    }
  });
});

describe('currency symbols', () => {
  it('exist for the thirty currencies of docs/commerce.md "Prices" in every locale of the table', () => {
    expect(SYMBOL_CURRENCIES).to.have.length(30);
    for (const currency of SYMBOL_CURRENCIES) {
      for (const locale of Object.keys(LOCALE_FORMATS)) {
        const symbol = currencySymbol(currency, locale);
        expect(symbol.trim(), `${currency} ${locale}`).to.not.equal('');
      }
    }
  });

  it('vary by locale as CLDR does', () => {
    expect(currencySymbol('USD', 'en_US')).to.equal('$');
    expect(currencySymbol('USD', 'es_ES')).to.equal('US$');
    expect(currencySymbol('USD', 'en_CA')).to.equal('US$');
    expect(currencySymbol('USD', 'fr_FR')).to.equal('$US');
    expect(currencySymbol('MXN', 'es_MX')).to.equal('$');
    expect(currencySymbol('MXN', 'en_US')).to.equal('MX$');
    expect(currencySymbol('EUR', 'de_CH')).to.equal('EUR');
    expect(currencySymbol('COP', 'es_CO')).to.equal('$');
    expect(currencySymbol('COP', 'es_ES')).to.equal('COP');
    expect(currencySymbol('DOP', 'es_DO')).to.equal('RD$');
    expect(currencySymbol('PEN', 'es_PE')).to.equal('S/');
    expect(currencySymbol('RUB', 'ru_RU')).to.equal('₽');
    expect(currencySymbol('GBP', 'en_GB')).to.equal('£');
    expect(currencySymbol('GBP')).to.equal('GBP');
    expect(CURRENCY_SYMBOLS.EUR.symbol).to.equal('€');
  });

  it('fall back to the ISO code for a currency without a symbol table, and to EUR for a non-code', () => {
    expect(formatPrice(5, { currency: 'CHF' })).to.equal(`5,00${NBSP}CHF`);
    expect(formatPrice(5, { currency: 'MMK' })).to.equal(`5${NBSP}MMK`);
    const warnings = warningsDuring(() => {
      expect(formatPrice(5, { currency: 'euros' })).to.equal(`5,00${NBSP}€`);
      expect(formatPrice(6, { currency: 'euros', locale: 'en' })).to.equal('€6.00');
    });
    expect(warnings).to.deep.equal(['[loyalty-elements] "euros" is not a currency code: prices use EUR.']);
  });
});

describe('negative amounts and rounding', () => {
  it('put the minus sign first', () => {
    expect(formatPrice(-1234.5)).to.equal(`-1.234,50${NBSP}€`);
    expect(formatPrice(-1234.5, { locale: 'en_US', currency: 'USD' })).to.equal('-$1,234.50');
    expect(formatPrice(-5, { locale: 'nl_NL' })).to.equal(`-€${NBSP}5,00`);
  });

  it('never show minus zero', () => {
    expect(formatPrice(-0)).to.equal(`0,00${NBSP}€`);
    expect(formatPrice(-0.004)).to.equal(`0,00${NBSP}€`);
    expect(formatPrice(-0.005)).to.equal(`-0,01${NBSP}€`);
    expect(formatPrice(-0.4, { currency: 'JPY' })).to.equal(`0${NBSP}JPY`);
  });

  it('round half away from zero on the decimal the number was written as', () => {
    expect(formatAmount(1.005)).to.equal('1,01');
    expect(formatAmount(2.675)).to.equal('2,68');
    expect(formatAmount(0.125)).to.equal('0,13');
    expect(formatAmount(0.124)).to.equal('0,12');
    expect(formatAmount(999.995)).to.equal('1.000,00');
    expect(formatAmount(-999.995)).to.equal('-1.000,00');
    expect(formatAmount(0.1 + 0.2)).to.equal('0,30');
  });
});

describe('amounts that are not finite numbers', () => {
  it('give an empty string, one warning per distinct value, and never "NaN"', () => {
    const warnings = warningsDuring(() => {
      expect(formatPrice(Number.NaN)).to.equal('');
      expect(formatPrice(Number.NaN)).to.equal('');
      expect(formatPrice(Number.POSITIVE_INFINITY)).to.equal('');
      expect(formatPrice(Number.NEGATIVE_INFINITY, { currency: 'USD' })).to.equal('');
    });
    expect(warnings).to.deep.equal([
      '[loyalty-elements] Price "NaN" is not an amount (nan): nothing is shown.',
      '[loyalty-elements] Price "Infinity" is not an amount (infinite): nothing is shown.',
      '[loyalty-elements] Price "-Infinity" is not an amount (infinite): nothing is shown.',
    ]);
    expect(formatAmount(Number.NaN)).to.equal('');
    expect(formatPriceWith(Number.POSITIVE_INFINITY, priceFormat())).to.equal('');
  });

  it('are reported with a reason by tryFormatPrice', () => {
    expect(tryFormatPrice(Number.NaN)).to.deep.equal({ ok: false, reason: 'nan' });
    expect(tryFormatPrice(Number.NEGATIVE_INFINITY)).to.deep.equal({ ok: false, reason: 'infinite' });
    expect(tryFormatPrice(null)).to.deep.equal({ ok: false, reason: 'wrong-type' });
    expect(tryFormatPrice(undefined)).to.deep.equal({ ok: false, reason: 'wrong-type' });
    expect(tryFormatPrice({ amount: 5 })).to.deep.equal({ ok: false, reason: 'wrong-type' });
    expect(tryFormatPrice(12.5)).to.deep.equal({ ok: true, text: `12,50${NBSP}€`, value: 12.5 });
  });
});

describe('huge and tiny amounts', () => {
  it('are written out in full, never in exponent notation', () => {
    expect(formatPrice(1e21)).to.equal(`1.000.000.000.000.000.000.000,00${NBSP}€`);
    expect(formatPrice(Number.MAX_SAFE_INTEGER, { locale: 'en_US', currency: 'USD' })).to.equal('$9,007,199,254,740,991.00');
    expect(formatPrice(1.5e22, { currency: 'JPY', locale: 'en_US' })).to.equal('¥15,000,000,000,000,000,000,000');
    const largest = formatAmount(Number.MAX_VALUE);
    expect(largest).to.match(/^179\.769\.313\.486\.231\.570(?:\.000)+,00$/);
    expect(largest.replace(/\./g, '').length).to.equal(309 + 3);
  });

  it('round tiny amounts to zero', () => {
    expect(formatPrice(5e-7)).to.equal(`0,00${NBSP}€`);
    expect(formatPrice(-5e-7)).to.equal(`0,00${NBSP}€`);
    expect(formatAmount(1.5e-2)).to.equal('0,02');
    expect(formatAmount(Number.MIN_VALUE)).to.equal('0,00');
  });
});

describe('amounts as strings from the server', () => {
  it('accept JavaScript and Python decimal numerals', () => {
    expect(formatPrice('1234.5')).to.equal(`1.234,50${NBSP}€`);
    expect(formatPrice(' -12.5 ')).to.equal(`-12,50${NBSP}€`);
    expect(formatPrice('1E+3')).to.equal(`1.000,00${NBSP}€`);
    expect(formatPrice('.5')).to.equal(`0,50${NBSP}€`);
    expect(formatPrice('+7')).to.equal(`7,00${NBSP}€`);
    expect(formatPrice('1234.50', { locale: 'en_US', currency: 'USD' })).to.equal('$1,234.50');
  });

  it('reject localized and other text instead of guessing', () => {
    for (const text of ['1.234,50', '1,234.50', '12,5', '', ' ', '12 €', '€12', '0x10', 'Infinity', 'NaN', '1e', '--1', '1_000']) {
      expect(parsePriceAmount(text), JSON.stringify(text)).to.deep.equal({ ok: false, reason: 'unparseable' });
    }
    expect(parsePriceAmount('1e400')).to.deep.equal({ ok: false, reason: 'infinite' });
    const warnings = warningsDuring(() => {
      expect(formatPrice('1.234,50 €')).to.equal('');
      expect(formatPrice('1.234,50 €')).to.equal('');
    });
    expect(warnings).to.deep.equal(['[loyalty-elements] Price "1.234,50 €" is not an amount (unparseable): nothing is shown.']);
  });
});

describe('formatter caching', () => {
  it('returns one cached format per (locale, currency) pair', () => {
    const first = priceFormat({ locale: 'it_IT', currency: 'EUR' });
    expect(priceFormat({ locale: 'it_IT', currency: 'EUR' })).to.equal(first);
    expect(priceFormat({ locale: 'it_IT', currency: 'USD' })).to.not.equal(first);
  });

  it('never constructs an Intl.NumberFormat while formatting', () => {
    const original = Intl.NumberFormat;
    let constructed = 0;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      constructed += 1;
      return new original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = counting;
    try {
      for (let i = 0; i < 50; i += 1) {
        formatPrice(i * 10.5, { locale: 'pl_PL', currency: 'EUR' });
        formatPrice(i, { locale: 'ko_KR', currency: 'KRW' });
        formatPrice(String(i), { locale: 'en-GB', currency: 'GBP' });
      }
    } finally {
      Intl.NumberFormat = original;
    }
    expect(constructed).to.equal(0);
  });
});
