import { expect } from '@open-wc/testing';
import { createBookcoreClient } from '../../src/bookcore';
import { ApiError } from '../../src/api/http';
import {
  createMobileSchemaCache,
  fetchContactSchema,
  fetchHomeSchema,
  fetchPhotosSchema,
  fetchRoomsSchema,
  fetchServicesSchema,
  getContact,
  getCurrentPage,
  getFicha,
  getGalleryPage,
  getHomeDescription,
  getHomeImage,
  getHomeMapDescription,
  getHomeSectionHeader,
  getHotelMap,
  getHotelPhotos,
  getHotelRoom,
  getHotelServiceImages,
  getHotelServices,
  getHotelServicesHeader,
  getHotelSocialNetworks,
  getMobileUser,
  getMobilisSectionImages,
  getMobilisSettings,
  getOffers,
  getRooms,
  getRoomsHeader,
  getTranslations,
  mobileChangePassword,
  mobileRequestPasswordRecovery,
  mobileSignIn,
  mobileSignUp,
} from '../../src/api/mobile';
import {
  clearRecordedRequests,
  expectEveryRequestWellFormed,
  expectGet,
  expectPost,
  formFields,
  injectFault,
  mailbox,
  onlyRequest,
  primeCsrfCookie,
  recordedRequests,
  resetServer,
} from './dev-server';

describe('mobile client', () => {
  beforeEach(async () => {
    await resetServer();
  });

  afterEach(async () => {
    await expectEveryRequestWellFormed();
  });

  describe('GETs', () => {
    it('getFicha asks for the hotel by code', async () => {
      const answer = await getFicha('HSIE');
      expect(answer.cod_error).to.equal('000');
      expect((answer['hotel'] as { name: string }).name).to.equal('Sierra Nevada Lodge');
      const request = await onlyRequest('/m2/ajax/ficha/');
      expectGet(request);
      expect(request.search).to.equal('?hotelcode=HSIE&lang=es');
    });

    it('getFicha asks in the language given', async () => {
      await getFicha('HSIE', { lang: 'en' });
      expect((await onlyRequest('/m2/ajax/ficha/')).search).to.equal('?hotelcode=HSIE&lang=en');
    });

    it('getHotelServices passes the quantity', async () => {
      const answer = await getHotelServices(2);
      expect(answer['services']).to.have.length(2);
      const request = await onlyRequest('/m2/ajax/hotel/services');
      expectGet(request);
      expect(request.search).to.equal('?quantity=2&lang=es');
    });

    it('getHotelServices names the hotel and the language with the quantity', async () => {
      await getHotelServices(3, { hotelCode: 'HURB', lang: 'en' });
      expect((await onlyRequest('/m2/ajax/hotel/services')).search).to.equal('?hotelcode=HURB&quantity=3&lang=en');
    });

    it('getHotelRoom asks for one room of one hotel', async () => {
      const answer = await getHotelRoom('HURB', 'SUI');
      expect((answer['room'] as { name: string }).name).to.equal('Suite Gran Vía');
      const request = await onlyRequest('/m2/ajax/hotel/HURB/room/SUI');
      expectGet(request);
      expect(request.search).to.equal('?lang=es');
    });

    it('getHotelRoom of an unknown room fails with the cod_error text', async () => {
      let thrown: unknown;
      try {
        await getHotelRoom('HURB', 'NOPE');
      } catch (error) {
        thrown = error;
      }
      expect((thrown as ApiError).kind).to.equal('server');
      expect((thrown as ApiError).serverText).to.equal('La habitación no existe.');
      expectGet(await onlyRequest('/m2/ajax/hotel/HURB/room/NOPE'));
    });

    const sections: [name: string, call: (options?: { hotelCode?: string; lang?: string }) => Promise<Record<string, unknown>>, path: string, field: string][] = [
      ['getHotelServiceImages', getHotelServiceImages, '/m2/ajax/hotel/services/images', 'images'],
      ['getHotelServicesHeader', getHotelServicesHeader, '/m2/ajax/hotel/services/section/header', 'header'],
      ['getHotelMap', getHotelMap, '/m2/ajax/hotel/map', 'map'],
      ['getHotelSocialNetworks', getHotelSocialNetworks, '/m2/ajax/hotel/ssnn', 'socialNetworks'],
      ['getHotelPhotos', getHotelPhotos, '/m2/ajax/hotel/photos', 'photos'],
      ['getRooms', getRooms, '/m2/ajax/rooms', 'rooms'],
      ['getRoomsHeader', getRoomsHeader, '/m2/ajax/rooms/section/header', 'header'],
      ['getTranslations', getTranslations, '/m2/ajax/translations', 'translations'],
      ['getCurrentPage', getCurrentPage, '/m2/ajax/current/page', 'page'],
      ['getGalleryPage', getGalleryPage, '/m2/ajax/gallery/page', 'gallery'],
      ['getMobilisSettings', getMobilisSettings, '/m2/ajax/mobilis/settings', 'settings'],
      ['getMobilisSectionImages', getMobilisSectionImages, '/m2/ajax/mobilis/section/images', 'images'],
      ['getHomeDescription', getHomeDescription, '/m2/ajax/home/description', 'description'],
      ['getHomeImage', getHomeImage, '/m2/ajax/home/image', 'image'],
      ['getHomeMapDescription', getHomeMapDescription, '/m2/ajax/home/map/description', 'description'],
      ['getHomeSectionHeader', getHomeSectionHeader, '/m2/ajax/home/section/header', 'header'],
      ['getOffers', getOffers, '/m2/ajax/offers', 'offers'],
      ['getContact', getContact, '/m2/ajax/contact', 'contact'],
      ['getMobileUser', getMobileUser, '/m2/ajax/user', 'user'],
    ];
    for (const [name, call, path, field] of sections) {
      it(`${name} GETs ${path} and keeps the section payload`, async () => {
        const answer = await call();
        expect(answer['cod_error']).to.equal('000');
        expect(answer).to.have.property(field);
        const request = await onlyRequest(path);
        expectGet(request);
        expect(request.search).to.equal('?lang=es');
      });

      it(`${name} names the hotel and the language asked about`, async () => {
        const answer = await call({ hotelCode: 'HSIE', lang: 'en' });
        expect(answer['cod_error']).to.equal('000');
        const request = await onlyRequest(path);
        expectGet(request);
        expect(request.search).to.equal('?hotelcode=HSIE&lang=en');
      });
    }

    it('decodes each answer liberally: a list drops an entry it cannot read and keeps the rest', async () => {
      await injectFault({
        path: '/m2/ajax/rooms',
        body: { cod_error: '000', rooms: [{ code: 'DBL', size: 'wide', amenities: ['Wi-Fi', 7] }, { name: 'no code' }, 'garbage'] },
      });
      const answer = await getRooms({ hotelCode: 'HMAR' });
      expect(answer.rooms).to.have.length(1);
      expect(answer.rooms[0]!.code).to.equal('DBL');
      expect(answer.rooms[0]!.size).to.equal(undefined);
      expect(answer.rooms[0]!.amenities).to.deep.equal(['Wi-Fi']);
    });

    it('refuses an answer without what its section cannot render (a header without a title)', async () => {
      await injectFault({ path: '/m2/ajax/rooms/section/header', body: { cod_error: '000', header: { subtitle: 'only' } } });
      const thrown = await getRoomsHeader({ retries: 0 }).catch((error: unknown) => error);
      expect((thrown as ApiError).kind).to.equal('schema');
    });

    it('reads a map whose coordinates come as decimal text', async () => {
      await injectFault({ path: '/m2/ajax/hotel/map', body: { map: { latitude: '40.4168', longitude: '-3.7038' } } });
      const answer = await getHotelMap();
      expect(answer.map).to.deep.include({ latitude: 40.4168, longitude: -3.7038 });
    });
  });

  describe('schema POSTs', () => {
    beforeEach(async () => {
      await primeCsrfCookie();
      // Priming GETs with a bare fetch; the log then holds only the clients' own requests.
      await clearRecordedRequests();
    });

    it('fetchHomeSchema posts the payload as JSON in a form field and answers from the cache it is given', async () => {
      const cache = createMobileSchemaCache();
      const first = await fetchHomeSchema({ hotelCode: 'HSIE' }, { cache });
      expect(first.cod_error).to.equal('000');
      expect(first.schema['@type']).to.equal('Hotel');
      expect(first.schema['name']).to.equal('Sierra Nevada Lodge');
      const request = await onlyRequest('/m2/ajax/schema/home');
      expectPost(request);
      expect(formFields(request)).to.deep.equal({ payload: '{"hotelCode":"HSIE"}' });

      const second = await fetchHomeSchema({ hotelCode: 'HSIE' }, { cache });
      expect(second).to.deep.equal(first);
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(1);

      await fetchHomeSchema({ hotelCode: 'HMAR' });
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(2);
    });

    it('fetchHomeSchema without a cache asks the server every time', async () => {
      await fetchHomeSchema({ hotelCode: 'HSIE' });
      await fetchHomeSchema({ hotelCode: 'HSIE' });
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(2);
    });

    it('two clients never share a home document: the second server is asked and its answer kept', async () => {
      const serverA = createBookcoreClient();
      const serverB = createBookcoreClient();
      const fromA = await serverA.mobile.fetchHomeSchema({ hotelCode: 'HSIE' });
      expect(fromA.schema['name']).to.equal('Sierra Nevada Lodge');
      // Server B answers the same payload with its own document.
      await injectFault({ path: '/m2/ajax/schema/home', method: 'POST', body: { cod_error: '000', schema: { '@type': 'Hotel', name: 'Server B' } } });
      const fromB = await serverB.mobile.fetchHomeSchema({ hotelCode: 'HSIE' });
      expect(fromB.schema['name']).to.equal('Server B');
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(2);
      // Each keeps its own.
      expect((await serverA.mobile.fetchHomeSchema({ hotelCode: 'HSIE' })).schema['name']).to.equal('Sierra Nevada Lodge');
      expect((await serverB.mobile.fetchHomeSchema({ hotelCode: 'HSIE' })).schema['name']).to.equal('Server B');
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(2);
    });

    it('a client keeps at most its limit of home documents, the oldest going first', async () => {
      const client = createBookcoreClient();
      for (let run = 0; run < 17; run += 1) await client.mobile.fetchHomeSchema({ hotelCode: 'HSIE', run });
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(17);
      await client.mobile.fetchHomeSchema({ hotelCode: 'HSIE', run: 16 });
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(17);
      await client.mobile.fetchHomeSchema({ hotelCode: 'HSIE', run: 0 });
      expect(await recordedRequests('/m2/ajax/schema/home')).to.have.length(18);
    });

    const uncached: [name: string, call: typeof fetchRoomsSchema, path: string, type: string][] = [
      ['fetchRoomsSchema', fetchRoomsSchema, '/m2/ajax/schema/rooms', 'ItemList'],
      ['fetchServicesSchema', fetchServicesSchema, '/m2/ajax/schema/services', 'Hotel'],
      ['fetchContactSchema', fetchContactSchema, '/m2/ajax/schema/contact', 'Hotel'],
      ['fetchPhotosSchema', fetchPhotosSchema, '/m2/ajax/schema/photos', 'ImageGallery'],
    ];
    for (const [name, call, path, type] of uncached) {
      it(`${name} posts to ${path} and bypasses the cache`, async () => {
        const first = await call({ hotelCode: 'HURB' });
        expect(first.schema['@type']).to.equal(type);
        await call({ hotelCode: 'HURB' });
        const requests = await recordedRequests(path);
        expect(requests).to.have.length(2);
        requests.forEach((request) => expectPost(request));
        expect(requests.map(formFields)).to.deep.equal([{ payload: '{"hotelCode":"HURB"}' }, { payload: '{"hotelCode":"HURB"}' }]);
      });
    }

    it('does not cache a failure', async () => {
      let thrown: unknown;
      try {
        await fetchHomeSchema({ hotelCode: 'NOPE' });
      } catch (error) {
        thrown = error;
      }
      expect((thrown as ApiError).kind).to.equal('server');
      expect((thrown as ApiError).serverText).to.equal('El hotel no existe.');
      await fetchHomeSchema({ hotelCode: 'NOPE' }).catch(() => undefined);
      const requests = await recordedRequests('/m2/ajax/schema/home');
      expect(requests).to.have.length(2);
      requests.forEach((request) => expectPost(request));
    });
  });

  describe('auth POSTs', () => {
    beforeEach(async () => {
      await primeCsrfCookie();
      // Priming GETs with a bare fetch; the log then holds only the clients' own requests.
      await clearRecordedRequests();
    });

    it('mobileSignIn posts e-mail and password', async () => {
      const answer = await mobileSignIn({ email: 'ana@example.com', password: 'Loyalty2026!' });
      expect(answer.user!.nombre).to.equal('Ana');
      const request = await onlyRequest('/m2/ajax/signin');
      expectPost(request);
      expect(formFields(request)).to.deep.equal({ email: 'ana@example.com', password: 'Loyalty2026!' });
      expect(((await getMobileUser())['user'] as { nombre: string }).nombre).to.equal('Ana');
      expectGet(await onlyRequest('/m2/ajax/user'));
    });

    it('mobileSignUp posts the form', async () => {
      const form = { email: 'movil@example.com', password: 'Segura2026!', nombre: 'Móvil', apellidos: 'Usuario', politica: true };
      expect(await mobileSignUp(form)).to.deep.equal({ success: true });
      const request = await onlyRequest('/m2/ajax/signup');
      expectPost(request);
      expect(formFields(request)).to.deep.equal({ ...form, politica: 'true' });
    });

    it('mobileRequestPasswordRecovery and mobileChangePassword follow the mailed link', async () => {
      expect(await mobileRequestPasswordRecovery({ email: 'ana@example.com', userType: 'particular' })).to.deep.equal({ success: true });
      const recovery = await onlyRequest('/m2/ajax/password/recovery');
      expectPost(recovery);
      expect(formFields(recovery)).to.deep.equal({ email: 'ana@example.com', userType: 'particular' });
      const [mail] = await mailbox();
      const [, uid, token] = /\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(mail!.links[0]!)!;
      expect(await mobileChangePassword({ uid: uid!, token: token!, password: 'MovilClave2026' })).to.deep.equal({ success: true });
      const change = await onlyRequest('/m2/ajax/password/recovery/change');
      expectPost(change);
      expect(formFields(change)).to.deep.equal({ uid, token, password: 'MovilClave2026' });
    });
  });
});
