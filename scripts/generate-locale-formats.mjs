// @ts-check
/**
 * Writes `src/lib/price/locale-formats.ts`: the per-locale number formats and per-locale currency symbols that
 * `formatPrice` reads, taken from CLDR through Node's Intl (Node ships full ICU, and ICU's data is CLDR).
 *
 *   node scripts/generate-locale-formats.mjs           write the module
 *   node scripts/generate-locale-formats.mjs --check   exit 1 when the checked-in module differs
 *
 * The table is generated rather than read from Intl at run time so that formatting needs no Intl object at all
 * (hand-rolled grouping is faster and identical in every browser), and so that every browser shows the same
 * separators whatever ICU version it ships. `test/lib/locale-formats.node.test.mjs` regenerates it and compares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generated module lives, from the repository root. */
export const LOCALE_FORMATS_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'lib', 'price', 'locale-formats.ts');

/** The currencies docs/commerce.md "Prices" has symbols for, in a fixed order. */
const SYMBOL_CURRENCIES = [
  'COP', 'USD', 'TWD', 'IDR', 'CRC', 'PEN', 'AED', 'GBP', 'JPY', 'MYR', 'SEK', 'SGD', 'HKD', 'AUD', 'KRW',
  'CNY', 'TRY', 'HRK', 'NZD', 'CLP', 'THB', 'EUR', 'ARS', 'RUB', 'PAB', 'MXN', 'BRL', 'PHP', 'INR', 'DOP',
];

/**
 * The locales of the table, as `language_REGION` (the form the hotel backend sends). The list is the input of the
 * generator; every value in the table comes from CLDR. A locale whose language ICU does not know is an error,
 * so the list cannot silently hold a locale that would format as English.
 */
const LOCALES = [
  'af_NA', 'af_ZA', 'am_ET', 'ar_AE', 'ar_BH', 'ar_DZ', 'ar_EG', 'ar_IQ', 'ar_JO', 'ar_KW', 'ar_LB', 'ar_LY',
  'ar_MA', 'ar_OM', 'ar_QA', 'ar_SA', 'ar_SY', 'ar_TN', 'ar_YE', 'as_IN', 'az_AZ', 'be_BY', 'bg_BG', 'bn_BD',
  'bn_IN', 'br_FR', 'bs_BA', 'ca_AD', 'ca_ES', 'ca_FR', 'ca_IT', 'cs_CZ', 'cy_GB', 'da_DK', 'da_GL', 'de_AT',
  'de_BE', 'de_CH', 'de_DE', 'de_IT', 'de_LI', 'de_LU', 'el_CY', 'el_GR', 'en_AE', 'en_AG', 'en_AI', 'en_AT',
  'en_AU', 'en_BB', 'en_BE', 'en_BM', 'en_BS', 'en_BW', 'en_BZ', 'en_CA', 'en_CH', 'en_CY', 'en_DE', 'en_DK',
  'en_FI', 'en_FJ', 'en_GB', 'en_GH', 'en_GI', 'en_GM', 'en_HK', 'en_IE', 'en_IL', 'en_IN', 'en_JM', 'en_KE',
  'en_KY', 'en_LR', 'en_MO', 'en_MT', 'en_MU', 'en_MY', 'en_NA', 'en_NG', 'en_NL', 'en_NZ', 'en_PG', 'en_PH',
  'en_PK', 'en_RW', 'en_SC', 'en_SE', 'en_SG', 'en_SI', 'en_SL', 'en_TT', 'en_TZ', 'en_UG', 'en_US', 'en_VU',
  'en_WS', 'en_ZA', 'en_ZM', 'en_ZW', 'es_419', 'es_AR', 'es_BO', 'es_BR', 'es_BZ', 'es_CL', 'es_CO', 'es_CR',
  'es_CU', 'es_DO', 'es_EC', 'es_ES', 'es_GQ', 'es_GT', 'es_HN', 'es_MX', 'es_NI', 'es_PA', 'es_PE', 'es_PH',
  'es_PR', 'es_PY', 'es_SV', 'es_US', 'es_UY', 'es_VE', 'et_EE', 'eu_ES', 'fa_AF', 'fa_IR', 'fi_FI', 'fil_PH',
  'fo_FO', 'fr_BE', 'fr_BF', 'fr_BJ', 'fr_CA', 'fr_CD', 'fr_CH', 'fr_CI', 'fr_CM', 'fr_DZ', 'fr_FR', 'fr_GA',
  'fr_GF', 'fr_GN', 'fr_GP', 'fr_HT', 'fr_LU', 'fr_MA', 'fr_MC', 'fr_MG', 'fr_ML', 'fr_MQ', 'fr_MU', 'fr_NC',
  'fr_NE', 'fr_PF', 'fr_RE', 'fr_RW', 'fr_SN', 'fr_TG', 'fr_TN', 'ga_IE', 'gd_GB', 'gl_ES', 'gsw_CH', 'gu_IN',
  'ha_NG', 'he_IL', 'hi_IN', 'hr_BA', 'hr_HR', 'hu_HU', 'hy_AM', 'id_ID', 'ig_NG', 'is_IS', 'it_CH', 'it_IT',
  'it_SM', 'it_VA', 'ja_JP', 'jv_ID', 'ka_GE', 'kk_KZ', 'km_KH', 'kn_IN', 'ko_KP', 'ko_KR', 'ky_KG', 'lb_LU',
  'lo_LA', 'lt_LT', 'lv_LV', 'mg_MG', 'mk_MK', 'ml_IN', 'mn_MN', 'mr_IN', 'ms_BN', 'ms_MY', 'ms_SG', 'mt_MT',
  'my_MM', 'nb_NO', 'nb_SJ', 'ne_IN', 'ne_NP', 'nl_AW', 'nl_BE', 'nl_BQ', 'nl_CW', 'nl_NL', 'nl_SR', 'nl_SX',
  'nn_NO', 'or_IN', 'pa_IN', 'pa_PK', 'pl_PL', 'ps_AF', 'pt_AO', 'pt_BR', 'pt_CH', 'pt_CV', 'pt_GW', 'pt_LU',
  'pt_MO', 'pt_MZ', 'pt_PT', 'pt_ST', 'pt_TL', 'rm_CH', 'ro_MD', 'ro_RO', 'ru_BY', 'ru_KG', 'ru_KZ', 'ru_MD',
  'ru_RU', 'ru_UA', 'rw_RW', 'sd_PK', 'si_LK', 'sk_SK', 'sl_SI', 'so_SO', 'sq_AL', 'sq_MK', 'sq_XK', 'sr_BA',
  'sr_ME', 'sr_RS', 'sr_XK', 'sv_AX', 'sv_FI', 'sv_SE', 'sw_KE', 'sw_TZ', 'sw_UG', 'ta_IN', 'ta_LK', 'ta_MY',
  'ta_SG', 'te_IN', 'tg_TJ', 'th_TH', 'ti_ER', 'ti_ET', 'tk_TM', 'tr_CY', 'tr_TR', 'uk_UA', 'ur_IN', 'ur_PK',
  'uz_UZ', 'vi_VN', 'xh_ZA', 'yo_NG', 'zh_CN', 'zh_HK', 'zh_MO', 'zh_SG', 'zh_TW', 'zu_ZA',
];

/** Bidirectional marks belong to a locale's pattern, not to a separator or a symbol. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/** @param {string} locale `es_ES` @returns {string} `es-ES` */
const bcp47 = (locale) => locale.replace('_', '-');

/**
 * @param {string} locale
 * @param {string} currency
 */
function currencyFormatter(locale, currency) {
  const formatter = new Intl.NumberFormat(bcp47(locale), { style: 'currency', currency, numberingSystem: 'latn' });
  const resolved = new Intl.Locale(formatter.resolvedOptions().locale);
  if (resolved.language !== new Intl.Locale(bcp47(locale)).language) {
    throw new Error(`ICU has no data for ${locale} (resolved to ${resolved.toString()})`);
  }
  return formatter;
}

/** @param {string} locale */
function numberFormat(locale) {
  // Seven integer digits so that the group separator shows even where CLDR asks for two digits before grouping.
  const parts = currencyFormatter(locale, 'EUR').formatToParts(1234567.891);
  const part = (/** @type {string} */ type) => parts.find((p) => p.type === type)?.value.replace(BIDI_MARKS, '');
  const currencyIndex = parts.findIndex((p) => p.type === 'currency');
  const integerIndex = parts.findIndex((p) => p.type === 'integer');
  const between = parts.slice(Math.min(currencyIndex, integerIndex) + 1, Math.max(currencyIndex, integerIndex));
  const spaced = between.some((p) => p.type === 'literal' && /\s/.test(p.value.replace(BIDI_MARKS, '')));
  const thousands = part('group');
  const decimal = part('decimal');
  if (thousands === undefined || decimal === undefined) throw new Error(`no separators for ${locale}`);
  return { thousands, decimal, decimals: 2, symbolPosition: currencyIndex < integerIndex ? 'begin' : 'end', symbolSpacing: spaced };
}

/**
 * @param {string} locale
 * @param {string} currency
 */
function symbol(locale, currency) {
  const value = currencyFormatter(locale, currency).formatToParts(1).find((p) => p.type === 'currency')?.value;
  if (value === undefined) throw new Error(`no symbol for ${currency} in ${locale}`);
  return value.replace(BIDI_MARKS, '').trim();
}

/**
 * The symbol most locales use for a currency, then only the locales that differ: a sparse table, so the module
 * stays small while every locale still gets its CLDR symbol.
 * @param {string} currency
 */
function symbolsOf(currency) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  const byLocale = LOCALES.map((locale) => /** @type {const} */ ([locale, symbol(locale, currency)]));
  for (const [, value] of byLocale) counts.set(value, (counts.get(value) ?? 0) + 1);
  // Ties broken by the symbol itself, so the output never depends on Map order.
  const [common] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [currency];
  return { symbol: common, byLocale: byLocale.filter(([, value]) => value !== common) };
}

/** A TS string literal, with invisible characters (narrow no-break spaces, marks) written as escapes. */
function literal(/** @type {string} */ text) {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`).replace(/[^\x20-\x7e\p{L}\p{Sc}\p{N}\p{P}\p{S}]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/**
 * @typedef {object} LocaleTables
 * @property {string[]} locales every locale, sorted
 * @property {Record<string, { thousands: string, decimal: string, decimals: number, symbolPosition: 'begin' | 'end', symbolSpacing: boolean }>} formats
 * @property {Record<string, string>} languageDefaults for a bare language, the locale that stands for it
 * @property {Record<string, { symbol: string, byLocale: Record<string, string> }>} symbols per currency
 */

/**
 * The tables as data, straight from CLDR: what the generated module must decode to (the node test checks it).
 * @returns {LocaleTables}
 */
export function localeTables() {
  const locales = [...new Set(LOCALES)].sort();
  if (locales.length !== LOCALES.length) throw new Error('duplicate locale in LOCALES');
  if (!locales.includes('es_ES')) throw new Error('the default locale es_ES must be in the table');
  /** @type {LocaleTables['formats']} */
  const formats = {};
  for (const locale of locales) {
    const format = numberFormat(locale);
    formats[locale] = { ...format, symbolPosition: /** @type {'begin' | 'end'} */ (format.symbolPosition) };
  }
  // A bare language ("es") means its CLDR likely region ("es-Latn-ES" → es_ES), or its first locale here.
  /** @type {Record<string, string>} */
  const languageDefaults = {};
  for (const language of new Set(locales.map((locale) => locale.split('_')[0] ?? locale))) {
    const likely = new Intl.Locale(language).maximize();
    const candidate = `${language}_${likely.region}`;
    const chosen = locales.includes(candidate) ? candidate : locales.find((locale) => locale.startsWith(`${language}_`));
    if (!chosen) throw new Error(`no locale for ${language}`);
    languageDefaults[language] = chosen;
  }
  /** @type {LocaleTables['symbols']} */
  const symbols = {};
  for (const currency of SYMBOL_CURRENCIES) {
    const { symbol: common, byLocale } = symbolsOf(currency);
    symbols[currency] = { symbol: common, byLocale: Object.fromEntries(byLocale) };
  }
  return { locales, formats, languageDefaults, symbols };
}

/**
 * The generated module's text; the header names the CLDR version it came from.
 *
 * The data is written compactly and decoded once, when the module is first evaluated: the locales grouped by
 * language with each language's default marked, the few distinct number formats with one base-36 digit per locale
 * pointing at its format, each currency's distinct symbols, and per locale one base-36 digit per currency pointing
 * at its symbol. Written out as object literals the same data was 7.4 KB of gzip in the cart's chunk; this way it
 * is under a third of that.
 */
export function generateLocaleFormatsModule() {
  const { locales, formats, languageDefaults, symbols } = localeTables();

  /** @type {string[]} */
  const patterns = [];
  const codes = locales.map((locale) => {
    const f = formats[locale];
    if (!f) throw new Error(`no format for ${locale}`);
    if (f.decimals !== 2 || f.thousands.length !== 1 || f.decimal.length !== 1) throw new Error(`format of ${locale} does not fit the encoding`);
    const pattern = `${f.thousands}${f.decimal}${f.symbolPosition === 'begin' ? 'b' : 'e'}${f.symbolSpacing ? 1 : 0}`;
    let index = patterns.indexOf(pattern);
    if (index === -1) index = patterns.push(pattern) - 1;
    if (index >= 36) throw new Error('more than 36 distinct formats');
    return index.toString(36);
  });

  /** @type {Map<string, string[]>} */
  const regionsOf = new Map();
  for (const locale of locales) {
    const [language = '', region = ''] = locale.split('_');
    const isDefault = languageDefaults[language] === locale;
    regionsOf.set(language, [...(regionsOf.get(language) ?? []), isDefault ? `${region}*` : region]);
  }
  // localeTables() picks each language's default among its own locales, so every language gets one mark.
  const localeGroups = [...regionsOf].map(([language, regions]) => `${language}:${regions.join(',')}`).join(' ');

  const symbolLists = SYMBOL_CURRENCIES.map((currency) => {
    const entry = symbols[currency];
    if (!entry) throw new Error(`no symbols for ${currency}`);
    const list = [entry.symbol, ...new Set(Object.values(entry.byLocale))];
    if (list.length > 36) throw new Error(`${currency} has more than 36 distinct symbols`);
    if (list.some((value) => /[|\n]/.test(value) || value === '')) throw new Error(`a symbol of ${currency} does not fit the encoding`);
    return list;
  });
  const symbolCodes = locales.map((locale) =>
    SYMBOL_CURRENCIES.map((currency, column) => {
      const value = symbols[currency]?.byLocale[locale];
      return (value === undefined ? 0 : (symbolLists[column] ?? []).indexOf(value)).toString(36);
    }).join(''),
  );

  return `// Generated by scripts/generate-locale-formats.mjs from CLDR ${process.versions.cldr} (ICU ${process.versions.icu}). Do not edit:
// change the generator and run \`node scripts/generate-locale-formats.mjs\`.

/**
 * How one locale writes an amount of money (docs/commerce.md "Prices"). \`symbolSpacing\` is CLDR's
 * space between the symbol and the number ("1.234,50 €" but "$1,234.50"), kept so prices read as natives expect.
 */
export interface LocaleNumberFormat {
  /** Between groups of three integer digits. */
  readonly thousands: string;
  /** Between the integer and the fraction. */
  readonly decimal: string;
  /** Fraction digits; a zero-decimal currency overrides it. */
  readonly decimals: number;
  /** Whether the currency symbol comes before or after the number. */
  readonly symbolPosition: 'begin' | 'end';
  /** Whether a no-break space separates the symbol from the number. */
  readonly symbolSpacing: boolean;
}

/** The CLDR version the tables below were generated from. */
export const LOCALE_FORMATS_CLDR_VERSION = ${literal(process.versions.cldr ?? 'unknown')};

/**
 * Every locale of the tables (${locales.length}), sorted, grouped by language (\`language:REGION,REGION…\`), with the
 * locale a bare language code stands for (CLDR's likely region) marked \`*\`.
 */
const LOCALE_GROUPS = ${literal(localeGroups)};

/** Every locale of {@link LOCALE_GROUPS}, in order (the tables below name locales by position), and each language's default. */
const [LOCALES, DEFAULTS] = /* @__PURE__ */ (() => {
  const all: string[] = [];
  const defaults: Record<string, string> = {};
  for (const group of LOCALE_GROUPS.split(' ')) {
    const [language = '', regions = ''] = group.split(':');
    for (const region of regions.split(',')) {
      const locale = \`\${language}_\${region.replace('*', '')}\`;
      all.push(locale);
      if (region.endsWith('*')) defaults[language] = locale;
    }
  }
  return [all, defaults] as const;
})();

/** The distinct formats: thousands separator, decimal separator, symbol at the b(egin) or e(nd), spacing 1 or 0. */
const PATTERNS = [${patterns.map(literal).join(', ')}];

/** For each locale of {@link LOCALES}, in order, its pattern's index in {@link PATTERNS}, in base 36. */
const FORMAT_CODES = ${literal(codes.join(''))};

/** Number formats by locale, keyed \`language_REGION\` (${locales.length} locales). */
export const LOCALE_FORMATS: Readonly<Record<string, LocaleNumberFormat>> = /* @__PURE__ */ Object.fromEntries(
  LOCALES.map((locale, index) => {
    const [thousands = ',', decimal = '.', position, spacing] = PATTERNS[parseInt(FORMAT_CODES.charAt(index), 36)] ?? '';
    const format: LocaleNumberFormat = { thousands, decimal, decimals: 2, symbolPosition: position === 'b' ? 'begin' : 'end', symbolSpacing: spacing === '1' };
    return [locale, format];
  }),
);

/** For a bare language code: the locale of the table that stands for it (CLDR's likely region). */
export const LANGUAGE_DEFAULT_LOCALES: Readonly<Record<string, string>> = DEFAULTS;

/** The currencies with a symbol table (docs/commerce.md "Prices"), in a fixed order. */
export const SYMBOL_CURRENCIES = [${SYMBOL_CURRENCIES.map((c) => `'${c}'`).join(', ')}] as const;

/** One of {@link SYMBOL_CURRENCIES}. */
export type SymbolCurrency = (typeof SYMBOL_CURRENCIES)[number];

/** Per currency of {@link SYMBOL_CURRENCIES}, in order: its distinct symbols, the one most locales use first. */
const SYMBOL_LISTS = ${literal(symbolLists.map((list) => list.join('|')).join('\n'))}.split('\\n');

/**
 * Per locale of {@link LOCALES}, in order, one base-36 digit per currency of {@link SYMBOL_CURRENCIES}, in order: the
 * position of the locale's symbol in that currency's {@link SYMBOL_LISTS} entry.
 */
const SYMBOL_CODES = ${literal(symbolCodes.join(''))};

/** Per currency: the symbol most locales use, and the locales whose CLDR symbol differs. */
export const CURRENCY_SYMBOLS: Readonly<Record<SymbolCurrency, { readonly symbol: string; readonly byLocale: Readonly<Record<string, string>> }>> =
  /* @__PURE__ */ Object.fromEntries(
    SYMBOL_CURRENCIES.map((currency, column) => {
      const symbols = (SYMBOL_LISTS[column] ?? currency).split('|');
      const byLocale: Record<string, string> = {};
      LOCALES.forEach((locale, row) => {
        const index = parseInt(SYMBOL_CODES.charAt(row * SYMBOL_CURRENCIES.length + column), 36);
        if (index > 0) byLocale[locale] = symbols[index] ?? currency;
      });
      return [currency, { symbol: symbols[0] ?? currency, byLocale }];
    }),
  ) as Record<SymbolCurrency, { symbol: string; byLocale: Record<string, string> }>;
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = generateLocaleFormatsModule();
  if (process.argv.includes('--check')) {
    const same = readFileSync(LOCALE_FORMATS_PATH, 'utf8') === text;
    console.log(same ? 'locale formats are up to date' : 'locale formats differ: run node scripts/generate-locale-formats.mjs');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(LOCALE_FORMATS_PATH, text);
  console.log(`written ${LOCALE_FORMATS_PATH}`);
}
