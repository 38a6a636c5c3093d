import { expect } from '@open-wc/testing';
import { CurrencyRateError, convertAmount, findCurrencyRate, roundToCurrency } from '../../src/lib/currency-conversion';
import type { CurrencyRate } from '../../src/lib/currency-conversion';

// Rates against EUR, as the backend sends them: some numbers, some decimal strings.
const RATES: CurrencyRate[] = [
  { codigo: 'EUR', tasa: 1 },
  { codigo: 'USD', tasa: '1.1' },
  { codigo: 'GBP', tasa: 0.85 },
  { codigo: 'JPY', tasa: 160 },
  { codigo: 'CLP', tasa: '1000' },
  { codigo: 'MXN', tasa: 20 },
];

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('convertAmount', () => {
  it('multiplies by the target rate and divides by the source rate', () => {
    // 100 × 1.1 ÷ 1 = 110
    expect(convertAmount(100, 'EUR', 'USD', RATES)).to.equal(110);
    // 110 × 1 ÷ 1.1 = 100
    expect(convertAmount(110, 'USD', 'EUR', RATES)).to.equal(100);
    // 100 × 0.85 ÷ 1.1 = 77.2727… → 77.27
    expect(convertAmount(100, 'USD', 'GBP', RATES)).to.equal(77.27);
    // 50 × 20 ÷ 0.85 = 1176.4705… → 1176.47
    expect(convertAmount(50, 'GBP', 'MXN', RATES)).to.equal(1176.47);
    // 19.99 × 1.1 = 21.989 → 21.99
    expect(convertAmount(19.99, 'EUR', 'USD', RATES)).to.equal(21.99);
  });

  it('rounds to the target currency decimals, none for zero-decimal currencies', () => {
    // 100 × 160 ÷ 1.1 = 14545.4545… → 14545
    expect(convertAmount(100, 'USD', 'JPY', RATES)).to.equal(14545);
    // 10 × 1000 ÷ 0.85 = 11764.70588… → 11765
    expect(convertAmount(10, 'GBP', 'CLP', RATES)).to.equal(11765);
    // 1 × 2.5 ÷ 1 = 2.5 → 3, half away from zero both ways
    const halves: CurrencyRate[] = [{ codigo: 'EUR', tasa: 1 }, { codigo: 'JPY', tasa: 2.5 }];
    expect(convertAmount(1, 'EUR', 'JPY', halves)).to.equal(3);
    expect(convertAmount(-1, 'EUR', 'JPY', halves)).to.equal(-3);
    // 1000 JPY → EUR: 1000 × 1 ÷ 160 = 6.25
    expect(convertAmount(1000, 'JPY', 'EUR', RATES)).to.equal(6.25);
  });

  it('converts negative amounts and server strings', () => {
    expect(convertAmount(-100, 'EUR', 'USD', RATES)).to.equal(-110);
    expect(convertAmount('100.00', 'EUR', 'USD', RATES)).to.equal(110);
  });

  it('matches codes case-insensitively and needs no rate to convert a currency to itself', () => {
    expect(convertAmount(100, 'eur', 'usd', RATES)).to.equal(110);
    expect(convertAmount(12.345, 'CHF', 'CHF', [])).to.equal(12.35);
  });

  it('throws a CurrencyRateError naming a missing rate, never returning NaN', () => {
    const error = thrown(() => convertAmount(100, 'EUR', 'BRL', RATES));
    expect(error).to.be.instanceOf(CurrencyRateError);
    expect(error).to.be.instanceOf(Error);
    expect(error).to.include({ name: 'CurrencyRateError', currency: 'BRL', problem: 'missing', message: 'No currency rate for BRL.' });
    expect(thrown(() => convertAmount(100, 'brl', 'EUR', RATES))).to.include({ currency: 'BRL', problem: 'missing' });
    expect(thrown(() => convertAmount(100, 'EUR', 'USD', []))).to.include({ currency: 'EUR', problem: 'missing' });
  });

  it('throws a CurrencyRateError for a zero, negative or unreadable rate', () => {
    for (const tasa of [0, -1.1, '0', 'abc', '1,1', Number.NaN, Number.POSITIVE_INFINITY]) {
      const rates: CurrencyRate[] = [{ codigo: 'EUR', tasa: 1 }, { codigo: 'USD', tasa }];
      const error = thrown(() => convertAmount(100, 'EUR', 'USD', rates));
      expect(error, String(tasa)).to.be.instanceOf(CurrencyRateError);
      expect(error, String(tasa)).to.include({ currency: 'USD', problem: 'invalid' });
    }
  });

  it('throws a RangeError for an amount that is not one', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, '1.234,50', '']) {
      expect(thrown(() => convertAmount(amount, 'EUR', 'USD', RATES)), String(amount)).to.be.instanceOf(RangeError);
    }
  });
});

describe('findCurrencyRate', () => {
  it('reads numbers and decimal strings, and the first entry of a code wins', () => {
    expect(findCurrencyRate('USD', RATES)).to.equal(1.1);
    expect(findCurrencyRate('jpy', RATES)).to.equal(160);
    expect(findCurrencyRate('USD', [{ codigo: 'usd', tasa: 2 }, { codigo: 'USD', tasa: 3 }])).to.equal(2);
  });
});

describe('roundToCurrency', () => {
  it('rounds half away from zero to the currency decimals, without minus zero', () => {
    expect(roundToCurrency(10.005, 'EUR')).to.equal(10.01);
    expect(roundToCurrency(-10.005, 'EUR')).to.equal(-10.01);
    expect(roundToCurrency(1234.5, 'KRW')).to.equal(1235);
    expect(Object.is(roundToCurrency(-0.001, 'EUR'), 0)).to.equal(true);
    expect(roundToCurrency(1e21, 'EUR')).to.equal(1e21);
  });
});
