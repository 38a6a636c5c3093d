/**
 * Hardening: the decoders. Every response schema of src/api, every API client and the configuration reader are
 * fed hostile input — arbitrary JSON, arbitrary values, objects keyed `__proto__`/`constructor`/`prototype`,
 * deep nesting and garbage text — through the path the transport really takes (a `fetch` answer read as text,
 * `JSON.parse`, the bookcore response check, valibot). The only acceptable outcomes are a decoded value or an
 * `ApiError` of a decoding kind; anything else (a `TypeError`, a `RangeError`…) is an untyped error. Afterwards
 * `Object.prototype` and `Array.prototype` must be exactly as before.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import * as v from 'valibot';
import * as api from '../../src/api/index';
import * as bookcoreSchemas from '../../src/api/bookcore.schemas';
import * as cartSchemas from '../../src/api/cart.schemas';
import * as loyaltySchemas from '../../src/api/loyalty.schemas';
import * as mobileSchemas from '../../src/api/mobile.schemas';
import * as packagesSchemas from '../../src/api/packages.schemas';
import * as cartClient from '../../src/api/cart';
import * as documentsClient from '../../src/api/documents';
import * as dropCartClient from '../../src/api/drop-cart';
import * as endpointsModule from '../../src/api/endpoints';
import * as http from '../../src/api/http';
import * as loyaltyClient from '../../src/api/loyalty';
import * as mobileClient from '../../src/api/mobile';
import * as packagesClient from '../../src/api/packages';
import * as stylesheetsClient from '../../src/api/stylesheets';
import * as startClient from '../../src/api/widget-start';
import { ApiError, type ApiErrorKind } from '../../src/api/http';
import { CONFIG_ATTRIBUTES, DEFAULT_CONFIG, endpointAttribute, readConfig, type WidgetConfig, type WidgetSettings } from '../../src/state/config';
import { AUTH_SECTIONS } from '../../src/lib/events';
import { reportFigure } from '../support/figures';
import { propertyRuns } from '../support/property-runs';

const SEED = 20_260_607;
/**
 * Seeded runs per property: 300 in Chromium; 100 in Firefox and WebKit and under `npm run test:quick`, to keep CI
 * within its time (docs/development.md "Browser engines"). The decoders are the same code in every engine: an
 * engine's own behaviour (its JSON parser, its property order) shows in the first runs, which every engine runs
 * from the same seed.
 */
const RUNS = propertyRuns(300, 100);
/** The decoding stages: with a 2xx answer nothing else may come out of the transport. */
const DECODING_KINDS: ReadonlySet<ApiErrorKind> = new Set(['json', 'schema', 'server']);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

// ---------------------------------------------------------------------------------------------------------
// What the suite covers, found by enumerating the modules' exports.

/** Every module of src/api, by the name src/api/index.ts re-exports it under (`./cart.schemas`). */
const API_MODULES: Record<string, Record<string, unknown>> = {
  './http': http,
  './endpoints': endpointsModule,
  './bookcore.schemas': bookcoreSchemas,
  './loyalty': loyaltyClient,
  './loyalty.schemas': loyaltySchemas,
  './cart': cartClient,
  './cart.schemas': cartSchemas,
  './drop-cart': dropCartClient,
  './packages': packagesClient,
  './packages.schemas': packagesSchemas,
  './mobile': mobileClient,
  './mobile.schemas': mobileSchemas,
  './documents': documentsClient,
  './stylesheets': stylesheetsClient,
};

type AnySchema = v.GenericSchema;

function isValibotSchema(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && '~run' in value;
}

/** Every valibot schema exported by any module of src/api, by export name. */
function exportedSchemas(): Map<string, AnySchema> {
  const found = new Map<string, AnySchema>();
  for (const module of [api, ...Object.values(API_MODULES)]) {
    for (const [name, value] of Object.entries(module)) {
      if (!isValibotSchema(value)) continue;
      const known = found.get(name);
      if (known && known !== value) throw new Error(`two different schemas are exported as ${name}`);
      found.set(name, value);
    }
  }
  return found;
}

const SCHEMAS = exportedSchemas();

/**
 * Each exported client function, called with plausible arguments: whatever it does with them, the answer goes
 * through the transport's decoding. Functions that decode nothing are listed in {@link NOT_DECODERS}.
 */
const CLIENT_CALLS: Record<string, () => Promise<unknown>> = {
  // loyalty
  signUp: () => loyaltyClient.signUp({ email: 'ana@example.com', politica: true }),
  signIn: () => loyaltyClient.signIn({ email: 'ana@example.com', password: 'x' }),
  logout: () => loyaltyClient.logout(),
  requestPasswordRecovery: () => loyaltyClient.requestPasswordRecovery({ email: 'ana@example.com', userType: 'loyalty' }),
  changePassword: () => loyaltyClient.changePassword({ uid: 'u', token: 't', password: 'p' }),
  getUser: () => loyaltyClient.getUser(undefined, { retries: 0 }),
  socialSignIn: () =>
    loyaltyClient.socialSignIn({
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      name: 'A B',
      id: '1',
      integration: 'google',
      recibir_newsletter: false,
    }),
  checkSocialUser: () => loyaltyClient.checkSocialUser({ email: 'a@example.com', integration: 'facebook' }),
  getSettings: () => loyaltyClient.getSettings(undefined, { retries: 0 }),
  // The start's answer as the first payload reads it, then as the panel decodes it.
  decodeSettingsAnswer: async () => loyaltyClient.decodeSettingsAnswer((await startClient.getStartSettings('/__fuzz/get', { retries: 0 })).answer),
  getLoyaltyAvailability: () => loyaltyClient.getLoyaltyAvailability(7, { retries: 0 }),
  setCookie: () => loyaltyClient.setCookie({ name: 'n', value: 'v' }),
  // cart
  dropCart: () => dropCartClient.dropCart(),
  getCart: () => cartClient.getCart('es', { retries: 0 }),
  addPackage: () => cartClient.addPackage({ id_opc: 1, codhotel: 'H', entrada: '2026-01-01', salida: '2026-01-02' }),
  deletePackage: () => cartClient.deletePackage({ uuid: 'u' }),
  getBestUpgradableRoom: () => cartClient.getBestUpgradableRoom('es', { retries: 0 }),
  getUpgradableRooms: () => cartClient.getUpgradableRooms('u', 'es', { retries: 0 }),
  upgradeRoom: () => cartClient.upgradeRoom({ uuid: 'u', room_code: 'R', board_code: 'B' }),
  // packages
  getPackageAvailability: () => packagesClient.getPackageAvailability({ packId: 1, checkIn: '2026-01-01' }, undefined, { retries: 0 }),
  // mobile
  getFicha: () => mobileClient.getFicha('H', { retries: 0 }),
  getHotelServices: () => mobileClient.getHotelServices(3, { retries: 0 }),
  getHotelRoom: () => mobileClient.getHotelRoom('H', 'R', { retries: 0 }),
  getHotelServiceImages: () => mobileClient.getHotelServiceImages({ retries: 0 }),
  getHotelServicesHeader: () => mobileClient.getHotelServicesHeader({ retries: 0 }),
  getHotelMap: () => mobileClient.getHotelMap({ retries: 0 }),
  getHotelSocialNetworks: () => mobileClient.getHotelSocialNetworks({ retries: 0 }),
  getHotelPhotos: () => mobileClient.getHotelPhotos({ retries: 0 }),
  getRooms: () => mobileClient.getRooms({ retries: 0 }),
  getRoomsHeader: () => mobileClient.getRoomsHeader({ retries: 0 }),
  getTranslations: () => mobileClient.getTranslations({ retries: 0 }),
  getCurrentPage: () => mobileClient.getCurrentPage({ retries: 0 }),
  getGalleryPage: () => mobileClient.getGalleryPage({ retries: 0 }),
  getMobilisSettings: () => mobileClient.getMobilisSettings({ retries: 0 }),
  getMobilisSectionImages: () => mobileClient.getMobilisSectionImages({ retries: 0 }),
  getHomeDescription: () => mobileClient.getHomeDescription({ retries: 0 }),
  getHomeImage: () => mobileClient.getHomeImage({ retries: 0 }),
  getHomeMapDescription: () => mobileClient.getHomeMapDescription({ retries: 0 }),
  getHomeSectionHeader: () => mobileClient.getHomeSectionHeader({ retries: 0 }),
  getOffers: () => mobileClient.getOffers({ retries: 0 }),
  getContact: () => mobileClient.getContact({ retries: 0 }),
  getMobileUser: () => mobileClient.getMobileUser({ retries: 0 }),
  fetchHomeSchema: () => mobileClient.fetchHomeSchema({ run: 1 }),
  fetchRoomsSchema: () => mobileClient.fetchRoomsSchema({ a: 1 }),
  fetchServicesSchema: () => mobileClient.fetchServicesSchema(null),
  fetchContactSchema: () => mobileClient.fetchContactSchema([1, 2]),
  fetchPhotosSchema: () => mobileClient.fetchPhotosSchema('x'),
  mobileSignUp: () => mobileClient.mobileSignUp({ email: 'a@example.com' }),
  mobileSignIn: () => mobileClient.mobileSignIn({ email: 'a@example.com', password: 'p' }),
  mobileRequestPasswordRecovery: () => mobileClient.mobileRequestPasswordRecovery({ email: 'a@example.com', userType: 'loyalty' }),
  mobileChangePassword: () => mobileClient.mobileChangePassword({ uid: 'u', token: 't', password: 'p' }),
  // the transport itself, with the loosest schema
  getJson: () => http.getJson('/__fuzz/get', v.unknown(), { retries: 0 }),
  postForm: () => http.postForm('/__fuzz/post', { a: 1 }, v.unknown()),
  postRaw: () => http.postRaw('/__fuzz/raw', 'a=1', v.unknown()),
};

/** Exported functions that decode no JSON answer, and why they are not in {@link CLIENT_CALLS}. */
const NOT_DECODERS: Record<string, string> = {
  optionalText: 'builds a schema part; every schema using it is fed hostile input above',
  optionalPart: 'builds a schema part; every schema using it is fed hostile input above',
  listOfReadable: 'builds a schema part; every schema using it is fed hostile input above',
  createTransport: "makes a page's transport (its CSRF state and timings); every call above goes through one",
  getText: 'answers text as is (tested below with garbage anyway)',
  fetchLegalDocument: 'answers text as is (tested below with garbage anyway)',
  checkResponse: 'pure; tested on its own below',
  flattenServerErrors: 'pure; tested on its own below',
  isAbortError: 'a predicate on errors',
  ApiError: 'the error class',
  createMobileSchemaCache: 'makes an empty cache',
  buildPackageAvailabilityUrl: 'builds an address',
  defaultStylesheetUrl: 'builds an address',
  projectStylesheetUrl: 'builds an address',
  resolveStylesheets: 'reads only response statuses, never a body',
};

// ---------------------------------------------------------------------------------------------------------
// Hostile input.

/** Object keys and string values the schemas look for, found by walking them, so fuzzed objects reach deep. */
function schemaVocabulary(): { keys: string[]; strings: string[] } {
  const keys = new Set<string>(['errors', 'cod_error', 'error', 'msg_error', 'message', 'detail']);
  const strings = new Set<string>(['000', '0', '001', '']);
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const schema = node as { type?: string; entries?: Record<string, unknown>; options?: unknown[]; item?: unknown; wrapped?: unknown; pipe?: unknown[] };
    if (schema.entries) {
      for (const [key, entry] of Object.entries(schema.entries)) {
        keys.add(key);
        walk(entry);
      }
    }
    if (Array.isArray(schema.options)) {
      for (const option of schema.options) {
        if (typeof option === 'string') strings.add(option);
        else walk(option);
      }
    }
    walk(schema.item);
    walk(schema.wrapped);
    if (Array.isArray(schema.pipe)) schema.pipe.slice(1).forEach(walk);
  };
  SCHEMAS.forEach(walk);
  return { keys: [...keys], strings: [...strings] };
}

const VOCABULARY = schemaVocabulary();

const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VOCABULARY.keys) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS, 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'then') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** A JSON leaf as text: anything JSON has, plus the strings and codes the schemas expect. */
const jsonLeafText = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)),
  fc.constantFrom(...VOCABULARY.strings).map((text) => JSON.stringify(text)),
  fc.constantFrom('0', '-0', '1e999', '-1e-999', '9007199254740993', 'true', 'false', 'null', '""', '[]', '{}'),
);

/**
 * JSON text built by hand, so that `__proto__` keys stay own keys of what `JSON.parse` makes (as they would in a
 * server's answer) and duplicate keys appear.
 */
const hostileJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonLeafText, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(hostileKey, tie('value')), { maxLength: 7 })
    .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
})).object;

/** Arbitrary values of every JavaScript kind, as JSON would carry them. */
const anythingText = fc
  .anything({ key: hostileKey, maxDepth: 4, withBoxedValues: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withDate: true })
  .map((value) => JSON.stringify(value) ?? String(value));

const jsonValueText = fc.jsonValue({ maxDepth: 5 }).map((value) => JSON.stringify(value));

/** Text that is not JSON, or is JSON of a shape no parser-happy code expects. */
const garbageText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.jsonValue().map((value) => JSON.stringify(value)).chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'undefined',
    '<!doctype html><title>502 Bad Gateway</title>',
    '\uFEFF{}',
    '{"a":1,}',
    "{'a':1}",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"errors":{"__proto__":{"polluted":"yes"}}}',
    '{"cod_error":{"toString":"x"}}',
    '{"cod_error":["001"],"error":{"length":1}}',
  ),
  // Nesting deep enough to overflow any recursive walk, at the places the response check looks into.
  fc
    .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('errors', 'cod_error', 'settings', 'items', 'schema', 'x'), fc.constantFrom('[', '{"message":', '{"a":'))
    .map(([depth, key, open]) => `{"${key}":${open.repeat(depth)}${open === '[' ? '' : '"m"'}${(open === '[' ? ']' : '}').repeat(depth)}}`),
);

// ---------------------------------------------------------------------------------------------------------
// The transport, answered by a stub.

const realFetch = globalThis.fetch;
let answer: { text: string; status: number } = { text: '', status: 200 };

function answerWith(text: string, status = 200): void {
  answer = { text, status };
}

function stubFetch(): void {
  globalThis.fetch = async () =>
    new Response([101, 204, 205, 304].includes(answer.status) ? null : answer.text, {
      status: answer.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
}

/** Counts for the figure. */
const tally = { properties: 0, failed: 0, runs: 0, minRuns: Infinity, untyped: 0, decoded: 0, typed: new Map<string, number>() };

function countRun(outcome: string): void {
  tally.runs += 1;
  if (outcome === 'decoded') tally.decoded += 1;
  else tally.typed.set(outcome, (tally.typed.get(outcome) ?? 0) + 1);
}

/** Objects and arrays anywhere in a decoded value keep their ordinary prototypes. */
function assertOrdinaryPrototypes(value: unknown, seen = new Set<unknown>()): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const prototype = Object.getPrototypeOf(node) as unknown;
    if (prototype !== Object.prototype && prototype !== Array.prototype) {
      throw new Error(`decoded value holds an object with a foreign prototype: ${String(prototype)}`);
    }
    stack.push(...Object.values(node as object));
  }
}

/**
 * Calls through the transport and classifies the outcome: "decoded", or the `ApiError` kind. Anything else is
 * counted as untyped and rethrown, which fails the property.
 */
async function outcomeOf(call: () => Promise<unknown>, allowed: ReadonlySet<ApiErrorKind> = DECODING_KINDS): Promise<string> {
  let outcome: string;
  try {
    assertOrdinaryPrototypes(await call());
    outcome = 'decoded';
  } catch (error) {
    if (!(error instanceof ApiError) || !allowed.has(error.kind)) {
      tally.untyped += 1;
      throw error;
    }
    outcome = error.kind;
  }
  countRun(outcome);
  return outcome;
}

async function assertProperty<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<unknown> | unknown): Promise<void> {
  tally.properties += 1;
  const before = tally.runs;
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        await check(value);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  } catch (error) {
    tally.failed += 1;
    throw error;
  }
  tally.minRuns = Math.min(tally.minRuns, tally.runs - before);
}

// ---------------------------------------------------------------------------------------------------------
// Object.prototype and Array.prototype, compared key by key and value by value.

type Snapshot = Map<PropertyKey, PropertyDescriptor>;

function snapshot(target: object): Snapshot {
  return new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]));
}

function changes(before: Snapshot, target: object): string[] {
  const after = snapshot(target);
  const found: string[] = [];
  for (const key of after.keys()) if (!before.has(key)) found.push(`new own property ${String(key)}`);
  for (const [key, descriptor] of before) {
    const now = after.get(key);
    if (!now) found.push(`lost ${String(key)}`);
    else if (now.value !== descriptor.value || now.get !== descriptor.get || now.set !== descriptor.set) found.push(`changed ${String(key)}`);
  }
  if (Object.getPrototypeOf(target) !== (target === Object.prototype ? null : Object.prototype)) found.push('prototype replaced');
  return found;
}

const objectPrototype = snapshot(Object.prototype);
const arrayPrototype = snapshot(Array.prototype);
const prototypeChanges: string[] = [];

function checkPrototypes(): void {
  const found = [...changes(objectPrototype, Object.prototype), ...changes(arrayPrototype, Array.prototype)];
  for (const key of ['polluted', 'x', 'a']) if (key in {}) found.push(`({}).${key} is inherited`);
  prototypeChanges.push(...found);
  expect(found, 'Object.prototype and Array.prototype untouched').to.deep.equal([]);
}

// ---------------------------------------------------------------------------------------------------------

describe('decoders under hostile input', () => {
  beforeEach(() => {
    stubFetch();
    answerWith('{}');
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    checkPrototypes();
  });

  describe('the suite covers every decoder', () => {
    it('finds the schemas by enumerating the modules, and every one is re-exported by src/api/index.ts', () => {
      const fromIndex = Object.entries(api).filter(([, value]) => isValibotSchema(value));
      expect(fromIndex.length, 'schemas found through src/api/index.ts').to.be.greaterThan(20);
      for (const [name, module] of Object.entries(API_MODULES)) {
        for (const [exported, value] of Object.entries(module)) {
          if (isValibotSchema(value)) expect((api as Record<string, unknown>)[exported], `${name} ${exported} re-exported`).to.equal(value);
        }
      }
      // Spot checks that the enumeration is not vacuous.
      for (const name of ['SettingsResponseSchema', 'CartSchema', 'PackageAvailabilityResponseSchema', 'MobileSchemaResponseSchema', 'SuccessResponseSchema']) {
        expect(SCHEMAS.has(name), name).to.equal(true);
      }
    });

    it('imports every module src/api/index.ts re-exports', async () => {
      const source = await (await realFetch('/src/api/index.ts')).text();
      const reExported = [...source.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].map((match) => match[1]!.replace(/\.(ts|js)$/, ''));
      expect(reExported.length, 're-exports found in src/api/index.ts').to.be.greaterThan(5);
      expect([...reExported].sort()).to.deep.equal(Object.keys(API_MODULES).sort());
    });

    it('calls every exported client function, or says why it decodes nothing', () => {
      const functions = new Set<string>();
      for (const module of Object.values(API_MODULES)) {
        for (const [name, value] of Object.entries(module)) if (typeof value === 'function') functions.add(name);
      }
      const listed = new Set([...Object.keys(CLIENT_CALLS), ...Object.keys(NOT_DECODERS)]);
      expect([...functions].filter((name) => !listed.has(name)), 'exported functions the suite does not know').to.deep.equal([]);
      expect([...listed].filter((name) => !functions.has(name)), 'listed functions that are no longer exported').to.deep.equal([]);
    });
  });

  describe('every exported schema, through the transport', () => {
    for (const [name, schema] of SCHEMAS) {
      const through = (text: string, method: boolean) => {
        answerWith(text);
        return outcomeOf(() => (method ? http.getJson('/__fuzz/get', schema, { retries: 0 }) : http.postForm('/__fuzz/post', {}, schema)));
      };

      it(`${name}: arbitrary JSON values`, async () => {
        await assertProperty(fc.tuple(jsonValueText, fc.boolean()), ([text, method]) => through(text, method));
      });

      it(`${name}: arbitrary values of every kind, serialised`, async () => {
        await assertProperty(fc.tuple(anythingText, fc.boolean()), ([text, method]) => through(text, method));
      });

      it(`${name}: objects keyed by the schemas' own names and __proto__/constructor/prototype`, async () => {
        await assertProperty(fc.tuple(hostileJsonText, fc.boolean()), ([text, method]) => through(text, method));
      });

      it(`${name}: garbage and deeply nested text`, async () => {
        await assertProperty(fc.tuple(garbageText, fc.boolean()), ([text, method]) => through(text, method));
      });
    }

    it('any status: a non-2xx answer is an http error, never an untyped one', async () => {
      await assertProperty(
        fc.tuple(fc.constantFrom(...SCHEMAS.keys()), fc.oneof(hostileJsonText, garbageText), fc.constantFrom(200, 201, 204, 400, 403, 404, 500, 502, 503)),
        ([name, text, status]) => {
          answerWith(text, status);
          return outcomeOf(() => http.getJson('/__fuzz/status', SCHEMAS.get(name)!, { retries: 0 }), new Set([...DECODING_KINDS, 'http']));
        },
      );
    });
  });

  describe('every client function, through the transport', () => {
    for (const [name, call] of Object.entries(CLIENT_CALLS)) {
      it(`${name}`, async () => {
        await assertProperty(fc.oneof(jsonValueText, anythingText, hostileJsonText, garbageText), (text) => {
          answerWith(text);
          return outcomeOf(call);
        });
      });
    }

    it('getText and fetchLegalDocument answer any text as is', async () => {
      await assertProperty(fc.tuple(fc.oneof(garbageText, hostileJsonText), fc.boolean()), async ([text, legal]) => {
        answerWith(text);
        const body = legal ? await documentsClient.fetchLegalDocument('/__fuzz/doc', { retries: 0 }) : await http.getText('/__fuzz/text', {}, { retries: 0 });
        // Response bodies travel as UTF-8: lone surrogates come back as U+FFFD.
        expect(body).to.equal(new TextDecoder().decode(new TextEncoder().encode(text)));
        countRun('decoded');
      });
    });
  });

  describe('the response check on its own', () => {
    it('checkResponse and flattenServerErrors take any parsed body', async () => {
      await assertProperty(fc.oneof(hostileJsonText, garbageText, jsonValueText), (text) => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        try {
          const failure = http.checkResponse(body);
          if (failure) expect(failure.text === undefined || typeof failure.text === 'string').to.equal(true);
          expect(http.flattenServerErrors(body)).to.be.a('string');
        } catch (error) {
          tally.untyped += 1;
          throw error;
        }
        countRun('decoded');
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// The configuration reader.

type SettingKey = keyof WidgetSettings;

/** The attribute of each setting (docs/configuration.md); the suite checks the list against CONFIG_ATTRIBUTES. */
const SETTING_ATTRIBUTES: Record<string, SettingKey> = {
  'data-cta': 'cta',
  'data-is-desktop': 'isDesktop',
  'data-is-embedded': 'isEmbedded',
  'data-project-code': 'projectCode',
  'data-domain': 'domain',
  'data-loyalty-title': 'loyaltyTitle',
  'data-loyalty-active': 'loyaltyActive',
  'data-active-section': 'activeSection',
  'data-token-password': 'tokenPassword',
  'data-token-uid': 'tokenUID',
  'data-render-icon': 'renderIcon',
  'data-google-sdk-url': 'googleSdkUrl',
  'data-facebook-sdk-url': 'facebookSdkUrl',
  'data-facebook-sdk-version': 'facebookSdkVersion',
  'data-csrf-cookie-name': 'csrfCookieName',
};

const ENDPOINT_ATTRIBUTES: Record<string, keyof WidgetConfig['endpoints']> = Object.fromEntries(
  (Object.keys(DEFAULT_CONFIG.endpoints) as (keyof WidgetConfig['endpoints'])[]).map((key) => [endpointAttribute(key), key]),
);

const PAGE = 'https://hotel.example';

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A path that, resolved against the page, stays on the page's origin. */
function staysOnSite(text: string): boolean {
  if (!text.startsWith('/')) return false;
  try {
    return new URL(text, `${PAGE}/some/page`).origin === PAGE;
  } catch {
    return false;
  }
}

/** What an accepted value of each setting must look like. */
const ACCEPTED: Record<SettingKey, (value: unknown) => boolean> = {
  cta: (value) => typeof value === 'string',
  loyaltyTitle: (value) => typeof value === 'string',
  tokenPassword: (value) => typeof value === 'string',
  tokenUID: (value) => typeof value === 'string',
  isDesktop: (value) => typeof value === 'boolean',
  isEmbedded: (value) => typeof value === 'boolean',
  loyaltyActive: (value) => typeof value === 'boolean',
  renderIcon: (value) => typeof value === 'boolean',
  projectCode: (value) => typeof value === 'string' && /^[\w-]*$/.test(value),
  domain: (value) => typeof value === 'string' && (value === '' || (isHttpUrl(value) && !value.endsWith('/'))),
  activeSection: (value) => (AUTH_SECTIONS as readonly unknown[]).includes(value),
  googleSdkUrl: (value) => typeof value === 'string' && (staysOnSite(value) || (isHttpUrl(value) && new URL(value).protocol === 'https:')),
  facebookSdkUrl: (value) => typeof value === 'string' && (staysOnSite(value) || (isHttpUrl(value) && new URL(value).protocol === 'https:')),
  facebookSdkVersion: (value) => typeof value === 'string' && /^v\d+\.\d+$/.test(value),
  // A cookie name: an RFC 6265 token, which is also what a header may carry.
  csrfCookieName: (value) => typeof value === 'string' && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/.test(value),
};

function acceptedAddress(value: unknown): boolean {
  return typeof value === 'string' && (staysOnSite(value) || isHttpUrl(value));
}

/** Attribute text: anything, plus near-misses of every kind of valid value. */
const attributeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'true',
    ' TRUE ',
    'False',
    '1',
    '0',
    'yes',
    'no',
    'maybe',
    'signin',
    ' pass_recovery ',
    'NOWHERE',
    '/ok/',
    '/',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'http://[::1]:8000/',
    'https://hotel.example//',
    'https://hotel.example/path/',
    'http://',
    'https://',
    'v2.11',
    'v2.11\n',
    'v2',
    '__proto__',
    'constructor',
    'toString',
    'my-hotel',
    '../evil',
  ),
  fc
    .tuple(fc.constantFrom('/', 'http://', 'https://', 'v', '  ', 'javascript:', '\\'), fc.string({ unit: 'binary', maxLength: 30 }))
    .map(([prefix, rest]) => prefix + rest),
);

function readQuietly(values: Record<string, string>): { config: WidgetConfig; warnings: string[] } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    const config = readConfig((name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : null));
    return { config, warnings };
  } catch (error) {
    tally.untyped += 1;
    throw error;
  } finally {
    console.warn = original;
  }
}

describe('the configuration reader under hostile attribute values', () => {
  const defaults = JSON.stringify(DEFAULT_CONFIG);

  afterEach(() => {
    expect(JSON.stringify(DEFAULT_CONFIG), 'DEFAULT_CONFIG untouched').to.equal(defaults);
    checkPrototypes();
  });

  it('knows every attribute the configuration is read from', () => {
    expect([...Object.keys(SETTING_ATTRIBUTES), ...Object.keys(ENDPOINT_ATTRIBUTES)].sort()).to.deep.equal([...CONFIG_ATTRIBUTES].sort());
  });

  for (const attribute of CONFIG_ATTRIBUTES) {
    it(`${attribute}: any text is accepted valid or refused with a warning naming it`, async () => {
      await assertProperty(attributeText, (text) => {
        const { config, warnings } = readQuietly({ [attribute]: text });
        const setting = SETTING_ATTRIBUTES[attribute];
        const endpoint = ENDPOINT_ATTRIBUTES[attribute];
        const value = setting ? config[setting] : config.endpoints[endpoint!];
        const fallback = setting ? DEFAULT_CONFIG[setting] : DEFAULT_CONFIG.endpoints[endpoint!];
        if (warnings.length > 0) {
          expect(warnings, 'one warning').to.have.length(1);
          expect(warnings[0]).to.contain(`[loyalty-elements] ignoring ${attribute}=`);
          expect(value, 'falls back to the default').to.deep.equal(fallback);
        } else {
          const accepted = setting ? ACCEPTED[setting](value) : acceptedAddress(value);
          expect(accepted, `${attribute}=${JSON.stringify(text)} accepted as ${JSON.stringify(value)}`).to.equal(true);
        }
        // Every other setting keeps its default.
        const others = { ...config, endpoints: { ...config.endpoints } } as Record<string, unknown> & { endpoints: Record<string, unknown> };
        if (setting) delete others[setting];
        else delete others.endpoints[endpoint!];
        const expected = { ...DEFAULT_CONFIG, endpoints: { ...DEFAULT_CONFIG.endpoints } } as Record<string, unknown> & { endpoints: Record<string, unknown> };
        if (setting) delete expected[setting];
        else delete expected.endpoints[endpoint!];
        expect(others).to.deep.equal(expected);
        countRun(warnings.length > 0 ? 'refused' : 'decoded');
      });
    });
  }

  it('every attribute at once: one warning per refused attribute, never an exception', async () => {
    const everything = fc.record(Object.fromEntries(CONFIG_ATTRIBUTES.map((attribute) => [attribute, attributeText])), { requiredKeys: [] });
    await assertProperty(everything, (values) => {
      const { config, warnings } = readQuietly(values as Record<string, string>);
      const named = warnings.map((warning) => /ignoring (data-[a-z-]+)=/.exec(warning)?.[1]);
      expect(named.every((name) => name !== undefined && name in values), 'each warning names a given attribute').to.equal(true);
      expect(new Set(named).size, 'at most one warning per attribute').to.equal(named.length);
      for (const [attribute, key] of Object.entries(SETTING_ATTRIBUTES)) {
        if (!named.includes(attribute)) expect(ACCEPTED[key](config[key]), attribute).to.equal(true);
        else expect(config[key]).to.deep.equal(DEFAULT_CONFIG[key]);
      }
      for (const [attribute, key] of Object.entries(ENDPOINT_ATTRIBUTES)) {
        if (!named.includes(attribute)) expect(acceptedAddress(config.endpoints[key]), attribute).to.equal(true);
        else expect(config.endpoints[key]).to.equal(DEFAULT_CONFIG.endpoints[key]);
      }
      countRun(warnings.length > 0 ? 'refused' : 'decoded');
    });
  });
});

// One figure for the whole file, once both the transport and the configuration reader were fuzzed.
after(async () => {
  const atGoal = tally.failed === 0 && tally.untyped === 0 && prototypeChanges.length === 0 && tally.minRuns >= RUNS;
  const kinds = [...tally.typed].map(([kind, count]) => `${kind} ${count}`).join(', ');
  console.log(`[decoders] ${tally.runs} runs: ${tally.decoded} decoded, outcomes: ${kinds}`);
  await reportFigure(
    'decoders',
    `${tally.properties} properties × ≥${tally.minRuns} runs, ${tally.untyped} untyped errors, ` +
      (tally.failed > 0 ? `${tally.failed} properties failed, ` : '') +
      `prototype ${prototypeChanges.length === 0 ? 'untouched' : `changed (${prototypeChanges.join('; ')})`}`,
    atGoal,
  );
});

describe("the start's hand check reads what the schemas decode (src/api/widget-start.ts)", () => {
  const TEXT_PATHS = [
    ['NOTIFICATIONS', 'messages', 'registered', 'text'],
    ['NOTIFICATIONS', 'messages', 'unregistered', 'text'],
    ['TOOLTIP', 'registered', 'text'],
    ['TOOLTIP', 'unregistered', 'text'],
    ['DROPPED_CART_NOTIFICATIONS', 'title'],
    ['DROPPED_CART_NOTIFICATIONS', 'ok'],
    ['DROPPED_CART_NOTIFICATIONS', 'greet'],
    ['DROPPED_CART_NOTIFICATIONS', 'text'],
  ];
  const pick = (value: unknown, path: string[]): unknown =>
    path.reduce<unknown>((part, key) => (part && typeof part === 'object' ? (part as Record<string, unknown>)[key] : undefined), value);

  /** The same value read by hand and by the schemas: accepted alike, the same sign-in form, member and texts. */
  const readAlike = (text: string) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      countRun('json');
      return;
    }
    const decoded = v.safeParse(loyaltySchemas.SettingsResponseSchema, value);
    const read = startClient.readStartSettings(value);
    expect(read !== null, 'accepted alike').to.equal(decoded.success);
    if (read && decoded.success) {
      expect(read.success).to.equal(decoded.output.success);
      expect(read.signInForm, 'the sign-in form').to.deep.equal(decoded.output.settings.SIGNIN?.form);
      expect(read.loggedIn, 'the member').to.deep.equal(decoded.output.loggedIn);
      for (const path of TEXT_PATHS) expect(startClient.settingsText(read.answer, ...path), path.join('.')).to.equal(pick(decoded.output.settings, path));
    }
    expect(startClient.memberOrNobody(value), 'a user answer').to.deep.equal(v.parse(loyaltySchemas.MemberOrNobodySchema, value));
    countRun('decoded');
  };

  it('arbitrary JSON values', async () => {
    await assertProperty(jsonValueText, readAlike);
  });

  it('arbitrary values of every kind, serialised', async () => {
    await assertProperty(anythingText, readAlike);
  });

  it("objects keyed by the schemas' own names and __proto__/constructor/prototype", async () => {
    await assertProperty(hostileJsonText, readAlike);
  });

  it('settings and members of the shapes bookcore sends', async () => {
    const member = { nombre: ' Ana ', apellidos: 'García', info_personal: { nombre: 'Ana', apellidos: 'García López', extra: 1 }, email: 'ana@example.com', userName: 'ana' };
    for (const loggedIn of [member, { info_personal: { nombre: ' Eva ' } }, { nombre: '  ' }, {}, false, null, [], 'Ana']) {
      readAlike(JSON.stringify({ success: true, settings: { SIGNIN: { form: [{ name: 'email' }] }, NOTIFICATIONS: { messages: { unregistered: { text: ' Hola ' } } } }, loggedIn }));
    }
    for (const answer of [{ settings: [] }, { settings: { SIGNIN: { form: {} } } }, { settings: { SIGNIN: [] } }, [], 'x', 1, null]) readAlike(JSON.stringify(answer));
  });
});
