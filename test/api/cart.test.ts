import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import {
  addPackage,
  deletePackage,
  getBestUpgradableRoom,
  getCart,
  getUpgradableRooms,
  upgradeRoom,
} from '../../src/api/cart';
import { CurrencyRateSchema } from '../../src/api/cart.schemas';
import { dropCart } from '../../src/api/drop-cart';
import { ApiError } from '../../src/api/http';
import { CurrencyRateError, findCurrencyRate } from '../../src/lib/currency-conversion';
import {
  clearRecordedRequests,
  expectEveryRequestWellFormed,
  expectGet,
  expectPost,
  formFields,
  injectFault,
  onlyRequest,
  primeCsrfCookie,
  recordedRequests,
  resetServer,
} from './dev-server';

/** A date `days` after today (UTC, as the dev server counts), YYYY-MM-DD. */
function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('cart client', () => {
  beforeEach(async () => {
    await resetServer();
    await primeCsrfCookie();
    // A session left over from another file would still own a cart on the server after the reset; drop it.
    await dropCart();
    await clearRecordedRequests();
  });

  afterEach(async () => {
    await expectEveryRequestWellFormed();
  });

  it('getCart reads an empty cart with its currency and rates', async () => {
    const cart = await getCart();
    expect(cart.cod_error).to.equal('000');
    expect(cart.items).to.deep.equal([]);
    expect(cart.total).to.equal(0);
    expect(cart.currency).to.equal('EUR');
    expect(cart.rates).to.deep.include({ codigo: 'USD', tasa: 1.08 });
    const request = await onlyRequest('/bookcore/shopping-cart/json/');
    expectGet(request);
    expect(request.search).to.equal('');
  });

  it('addPackage posts the option with codpromo None and the line appears in the cart', async () => {
    const entrada = isoDate(10);
    const salida = isoDate(12);
    const answer = await addPackage({ id_opc: 11, codhotel: 'HMAR', entrada, salida });
    expect(answer.cod_error).to.equal('000');
    expect(answer.uuid).to.be.a('string').and.not.equal('');
    const request = await onlyRequest('/bookcore/shopping-cart/add-package/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ id_opc: '11', codhotel: 'HMAR', entrada, salida, codpromo: 'None' });

    const cart = await getCart();
    expect(cart.items).to.have.length(1);
    const [item] = cart.items;
    expect(item!.uuid).to.equal(answer.uuid);
    expect(item!.kind).to.equal('package');
    expect(item!.hotel.code).to.equal('HMAR');
    expect(item!.room?.code).to.equal('DBLS');
    expect(item!.package).to.deep.equal({ id: 1, name: 'Escapada romántica' });
    expect(item!.option?.id).to.equal(11);
    expect(item!.checkIn).to.equal(entrada);
    expect(item!.nights).to.equal(2);
    expect(cart.total).to.equal(item!.price);
  });

  it('getCart with a lang asks for names in that language', async () => {
    await addPackage({ id_opc: 11, codhotel: 'HMAR', entrada: isoDate(10), salida: isoDate(12) });
    const spanish = (await getCart()).items[0]!;
    const english = (await getCart('en')).items[0]!;
    const [plain, inEnglish, ...more] = await recordedRequests('/bookcore/shopping-cart/json/');
    expect(more).to.deep.equal([]);
    expectGet(plain!);
    expect(plain!.search).to.equal('');
    expectGet(inEnglish!);
    expect(inEnglish!.query).to.deep.equal({ lang: 'en' });
    expect(english.uuid).to.equal(spanish.uuid);
    expect(english.room?.name).to.not.equal(spanish.room?.name);
    expect(english.board?.name).to.not.equal(spanish.board?.name);
  });

  it('addPackage posts to a configured address', async () => {
    const answer = await addPackage(
      { id_opc: 31, codhotel: 'HMAR', entrada: isoDate(5), salida: isoDate(9) },
      '/bookcore/shopping-cart/add-package/?source=cart',
    );
    expect(answer.uuid).to.be.a('string');
    const request = await onlyRequest('/bookcore/shopping-cart/add-package/');
    expectPost(request);
    expect(request.query).to.deep.equal({ source: 'cart' });
    expect(formFields(request)).to.include({ id_opc: '31', codhotel: 'HMAR', codpromo: 'None' });
  });

  it('addPackage of an option of another hotel fails with the cod_error text', async () => {
    const error = await failure(addPackage({ id_opc: 11, codhotel: 'HURB', entrada: isoDate(10), salida: isoDate(12) }));
    expect(error.kind).to.equal('server');
    expect(error.status).to.equal(200);
    expect(error.serverText).to.equal('La opción no pertenece al hotel indicado.');
    expectPost(await onlyRequest('/bookcore/shopping-cart/add-package/'));
  });

  it('deletePackage posts the uuid and removes the line', async () => {
    const { uuid } = await addPackage({ id_opc: 21, codhotel: 'HSIE', entrada: isoDate(20), salida: isoDate(23) });
    const answer = await deletePackage({ uuid });
    expect(answer.cod_error).to.equal('000');
    const request = await onlyRequest('/bookcore/shopping-cart/delete-package/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ uuid });
    expect((await getCart()).items).to.deep.equal([]);
  });

  it('deletePackage of an unknown line fails with kind server', async () => {
    const error = await failure(deletePackage({ uuid: 'not-in-the-cart' }));
    expect(error.kind).to.equal('server');
    expect(error.serverText).to.equal('El elemento no existe en el carrito.');
    const request = await onlyRequest('/bookcore/shopping-cart/delete-package/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ uuid: 'not-in-the-cart' });
  });

  it('dropCart posts no body and counts the removed lines', async () => {
    await addPackage({ id_opc: 11, codhotel: 'HMAR', entrada: isoDate(10), salida: isoDate(12) });
    await addPackage({ id_opc: 12, codhotel: 'HURB', entrada: isoDate(10), salida: isoDate(12) });
    const answer = await dropCart();
    expect(answer).to.deep.equal({ cod_error: '000', deleted_elements: 2 });
    const request = await onlyRequest('/bookcore/shopping-cart/drop/');
    expectPost(request);
    expect(request.body).to.equal('');
    expect((await getCart()).items).to.deep.equal([]);
  });

  it('getBestUpgradableRoom answers null for an empty cart, and an offer in the asked language', async () => {
    expect((await getBestUpgradableRoom()).room).to.equal(null);
    await addPackage({ id_opc: 31, codhotel: 'HMAR', entrada: isoDate(5), salida: isoDate(9) });
    const { room } = await getBestUpgradableRoom('en');
    expect(room).to.not.equal(null);
    expect(room!.room.code).to.equal('DBLS');
    expect(room!.room.name).to.equal('Superior Double Sea View');
    expect(room!.supplement).to.be.above(0);
    const requests = await recordedRequests('/bookcore/shopping-cart/best-upgradable-room/');
    requests.forEach((request) => expectGet(request));
    expect(requests.map((request) => request.search)).to.deep.equal(['', '?lang=en']);
  });

  it('getUpgradableRooms lists the upgrades of a line, and upgradeRoom applies one', async () => {
    const { uuid } = await addPackage({ id_opc: 31, codhotel: 'HMAR', entrada: isoDate(5), salida: isoDate(9) });
    const { rooms } = await getUpgradableRooms(uuid, 'es');
    expect(rooms.length).to.be.above(0);
    expect(rooms.every((offer) => offer.uuid === uuid)).to.equal(true);
    const request = await onlyRequest(`/bookcore/shopping-cart/upgradable-room/json/${uuid}/`);
    expectGet(request);
    expect(request.query).to.deep.equal({ lang: 'es' });

    const offer = rooms[0]!;
    const answer = await upgradeRoom({ uuid, room_code: offer.room.code, board_code: offer.board.code });
    expect(answer.cod_error).to.equal('000');
    const upgrade = await onlyRequest('/bookcore/shopping-cart/upgrade-room/');
    expectPost(upgrade);
    expect(formFields(upgrade)).to.deep.equal({
      uuid,
      room_code: offer.room.code,
      board_code: offer.board.code,
    });
    const [item] = (await getCart()).items;
    expect(item!.room?.code).to.equal(offer.room.code);
    expect(item!.price).to.equal(offer.price);
  });

  it('getUpgradableRooms of an unknown line fails with kind server', async () => {
    const error = await failure(getUpgradableRooms('unknown'));
    expect(error.kind).to.equal('server');
    expect(error.method).to.equal('GET');
    const request = await onlyRequest('/bookcore/shopping-cart/upgradable-room/json/unknown/');
    expectGet(request);
    expect(request.search).to.equal('');
  });
});

describe('CurrencyRateSchema', () => {
  const EMPTY_CART = { cod_error: '000', currency: 'EUR', total: 0, items: [] };

  beforeEach(async () => {
    await resetServer();
  });

  it('keeps a rate sent as decimal text, as Django serialises a DecimalField, and the conversion reads it', async () => {
    await injectFault({
      path: '/bookcore/shopping-cart/json/',
      body: { ...EMPTY_CART, rates: [{ codigo: 'EUR', tasa: '1' }, { codigo: 'USD', tasa: '1.0842' }, { codigo: 'JPY', tasa: 162.5 }] },
    });
    const cart = await getCart();
    expect(cart.rates).to.deep.equal([
      { codigo: 'EUR', tasa: '1' },
      { codigo: 'USD', tasa: '1.0842' },
      { codigo: 'JPY', tasa: 162.5 },
    ]);
    expect(cart.rates.map((rate) => findCurrencyRate(rate.codigo, cart.rates))).to.deep.equal([1, 1.0842, 162.5]);
  });

  it('decodes a cart with a garbled rate: only that currency is refused, by the conversion', async () => {
    await injectFault({
      path: '/bookcore/shopping-cart/json/',
      body: { ...EMPTY_CART, rates: [{ codigo: 'USD', tasa: '1,0842' }, { codigo: 'GBP', tasa: '0.85' }] },
    });
    const cart = await getCart();
    expect(() => findCurrencyRate('USD', cart.rates)).to.throw(CurrencyRateError);
    expect(findCurrencyRate('GBP', cart.rates)).to.equal(0.85);
  });

  it('takes a number or text for tasa, and refuses anything else', () => {
    const tasa = (value: unknown) => {
      const result = v.safeParse(CurrencyRateSchema, { codigo: 'USD', tasa: value });
      return result.success ? result.output.tasa : 'refused';
    };
    expect([1.08, 0, '1.0842', '1,08']).to.deep.equal([1.08, 0, '1.0842', '1,08'].map(tasa));
    for (const garbage of [null, true, {}, ['1.08'], undefined]) {
      expect(tasa(garbage), JSON.stringify(garbage) ?? String(garbage)).to.equal('refused');
    }
  });
});
