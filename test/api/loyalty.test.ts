import { expect } from '@open-wc/testing';
import { createStore } from 'jotai/vanilla';
import { ApiError } from '../../src/api/http';
import {
  changePassword,
  checkSocialUser,
  getLoyaltyAvailability,
  getSettings,
  getUser,
  logout,
  requestPasswordRecovery,
  setCookie,
  signIn,
  signUp,
  socialSignIn,
} from '../../src/api/loyalty';
import { isMemberAtom, userAtom } from '../../src/state/session';
import {
  clearRecordedRequests,
  csrfCookie,
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
  standinFacebookToken,
  standinGoogleToken,
} from './dev-server';

const ANA = { email: 'ana@example.com', password: 'Loyalty2026!' };

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('loyalty client', () => {
  beforeEach(async () => {
    await resetServer();
    await primeCsrfCookie();
    // Priming GETs the user address with a bare fetch; the log then holds only the clients' own requests.
    await clearRecordedRequests();
  });

  afterEach(async () => {
    await expectEveryRequestWellFormed();
  });

  it('getSettings reads the settings, the anonymous visitor and the social client ids', async () => {
    const answer = await getSettings();
    expect(answer.success).to.equal(true);
    expect(answer.loggedIn).to.equal(null);
    // Field definitions stay raw here: the form engine validates them one by one (src/forms/field-definition.ts).
    const signInForm = answer.settings.SIGNIN!.form as { name: string; required: boolean }[];
    expect(signInForm.map((field) => field.name)).to.deep.equal(['email', 'password']);
    expect(signInForm[0]!.required).to.equal(true);
    expect(answer.settings.DROPPED_CART_NOTIFICATIONS?.ok).to.equal('Entendido');
    expect(answer.settings.CONDITIONS?.conditionsUrl).to.equal('/legal/conditions.html');
    expect(answer.socialLogin?.google?.client_id).to.equal('dev-loyalty-elements.apps.googleusercontent.com');
    expect(answer.socialLogin?.facebook?.client_id).to.equal('100000000000001');
    expectGet(await onlyRequest('/bookcore/partempresas/loyalty/settings/'));
  });

  it('getSettings takes the configured address', async () => {
    const answer = await getSettings('/bookcore/partempresas/loyalty/settings/?brand=demo');
    expect(answer.success).to.equal(true);
    const request = await onlyRequest('/bookcore/partempresas/loyalty/settings/');
    expectGet(request);
    expect(request.query).to.deep.equal({ brand: 'demo' });
  });

  it('getUser answers null for an anonymous visitor (bookcore answers {})', async () => {
    const user = await getUser();
    expect(user).to.equal(null);
    const request = await onlyRequest('/bookcore/loyalty/ajax/user/');
    expectGet(request);
    expect(request.search).to.equal('');
  });

  it('getUser trims the name: a name of spaces is no name, so the visitor is no member', async () => {
    await injectFault({ path: '/bookcore/loyalty/ajax/user/', body: { userName: 'x@example.com', nombre: '   ', apellidos: 'Y' } });
    const user = await getUser();
    expect(user).to.equal(null);
    const store = createStore();
    store.set(userAtom, user);
    expect(store.get(isMemberAtom)).to.equal(false);
    await injectFault({ path: '/bookcore/loyalty/ajax/user/', body: { userName: 'x@example.com', nombre: ' Eva ', apellidos: 'Y' } });
    store.set(userAtom, await getUser());
    expect(store.get(isMemberAtom)).to.equal(true);
    expect(store.get(userAtom)?.nombre).to.equal('Eva');
  });

  it('signIn posts e-mail and password and returns the member', async () => {
    const token = csrfCookie();
    const answer = await signIn(ANA);
    expect(answer.success).to.equal(true);
    expect(answer.userName).to.equal('ana@example.com');
    expect(answer.user!.nombre).to.equal('Ana');
    expect(answer.user!.apellidos).to.equal('García López');
    expect(answer.user!.info_personal?.nombre).to.equal('Ana');
    const request = await onlyRequest('/bookcore/loyalty/ajax/signin/');
    expectPost(request);
    expect(request.headers['x-csrftoken']).to.equal(token);
    expect(formFields(request)).to.deep.equal(ANA);

    const user = await getUser();
    expect(user!.nombre).to.equal('Ana');
    expect(user!.userName).to.equal('ana@example.com');
    expectGet((await recordedRequests('/bookcore/loyalty/ajax/user/')).at(-1)!);
  });

  it('signIn rejects wrong credentials with kind server and the server text', async () => {
    const error = await failure(signIn({ email: ANA.email, password: 'not-her-password' }));
    expect(error.kind).to.equal('server');
    expect(error.status).to.equal(400);
    expect(error.serverErrors).to.deep.equal({ __all__: ['El correo electrónico o la contraseña no son correctos.'] });
    expect(error.serverText).to.equal('El correo electrónico o la contraseña no son correctos.');
    expectPost(await onlyRequest('/bookcore/loyalty/ajax/signin/'));
  });

  it('signIn posts to a configured address', async () => {
    const answer = await signIn(ANA, '/m2/ajax/signin');
    expect(answer.userName).to.equal('ana@example.com');
    const request = await onlyRequest('/m2/ajax/signin');
    expectPost(request);
    expect(formFields(request)).to.deep.equal(ANA);
    expect(await recordedRequests('/bookcore/loyalty/ajax/signin/')).to.have.length(0);
  });

  it('logout posts an empty form and ends the session', async () => {
    await signIn(ANA);
    const answer = await logout();
    expect(answer.success).to.equal(true);
    const request = await onlyRequest('/bookcore/partempresas/ajax/logout/');
    expectPost(request);
    expect(request.body).to.equal('');
    expect(await getUser()).to.equal(null);
  });

  it('signUp posts the form and a validation mail is sent', async () => {
    const answer = await signUp({
      email: 'nuevo@example.com',
      password: 'Segura2026!',
      nombre: 'Nuevo',
      apellidos: 'Miembro',
      pais: 'ES',
      politica: true,
      newsletter: false,
    });
    expect(answer).to.deep.equal({ success: true });
    const request = await onlyRequest('/bookcore/loyalty/ajax/signup/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({
      email: 'nuevo@example.com',
      password: 'Segura2026!',
      nombre: 'Nuevo',
      apellidos: 'Miembro',
      pais: 'ES',
      politica: 'true',
      newsletter: 'false',
    });
    const mails = await mailbox();
    expect(mails.map((mail) => [mail.to, mail.kind])).to.deep.equal([['nuevo@example.com', 'validation']]);
  });

  it('signUp of an e-mail awaiting validation exposes isEmailActiveError', async () => {
    const form = { email: 'nuevo@example.com', password: 'Segura2026!', nombre: 'Nuevo', apellidos: 'Miembro', politica: true };
    await signUp(form);
    const error = await failure(signUp(form));
    expect(error.kind).to.equal('server');
    expect(error.status).to.equal(400);
    expect((error.body as { isEmailActiveError?: unknown }).isEmailActiveError).to.equal(true);
    expect(error.serverErrors).to.have.property('email');
    const requests = await recordedRequests('/bookcore/loyalty/ajax/signup/');
    expect(requests).to.have.length(2);
    requests.forEach((request) => expectPost(request));
  });

  it('signUp of an existing member fails with the field errors', async () => {
    const error = await failure(signUp({ email: ANA.email, password: 'Segura2026!', nombre: 'Ana', apellidos: 'G', politica: true }));
    expect(error.kind).to.equal('server');
    expect(error.serverText).to.equal('Ya existe una cuenta con este correo electrónico. Inicia sesión.');
    expect((error.body as { isEmailActiveError?: unknown }).isEmailActiveError).to.equal(undefined);
    expectPost(await onlyRequest('/bookcore/loyalty/ajax/signup/'));
  });

  it('requestPasswordRecovery posts next when given, and the mailed link carries it as a path', async () => {
    await requestPasswordRecovery({ email: ANA.email, userType: 'loyalty', next: `${location.origin}/hoteles/?zona=sur` });
    expect(formFields(await onlyRequest('/bookcore/loyalty/ajax/password/recovery/'))).to.deep.equal({
      email: ANA.email,
      userType: 'loyalty',
      next: `${location.origin}/hoteles/?zona=sur`,
    });
    const [mail] = await mailbox();
    expect(new URL(mail!.links[0]!).searchParams.get('next')).to.equal('/hoteles/?zona=sur');
  });

  it('requestPasswordRecovery posts e-mail and userType and mails a link', async () => {
    const answer = await requestPasswordRecovery({ email: ANA.email, userType: 'particular' });
    expect(answer).to.deep.equal({ success: true });
    const request = await onlyRequest('/bookcore/loyalty/ajax/password/recovery/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ email: ANA.email, userType: 'particular' });
    const [mail] = await mailbox();
    expect(mail!.kind).to.equal('recovery');
    expect(mail!.links[0]).to.match(/\/bookcore\/password\/cambiar\/[^/]+\/[^/]+\/$/);
  });

  it('changePassword with the mailed uid and token sets the new password, once', async () => {
    await requestPasswordRecovery({ email: ANA.email, userType: 'particular' });
    const [mail] = await mailbox();
    const [, uid, token] = /\/cambiar\/([^/]+)\/([^/]+)\/$/.exec(mail!.links[0]!)!;
    const answer = await changePassword({ uid: uid!, token: token!, password: 'NuevaClave2026' });
    // The dev bookcore signs the member in with the change (docs/bookcore-contract.md "Back where the guest started").
    expect(answer).to.include({ success: true, userName: ANA.email });
    expect(answer.user?.nombre).to.equal('Ana');
    const request = await onlyRequest('/bookcore/loyalty/ajax/password/recovery/change/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ uid, token, password: 'NuevaClave2026' });
    expect((await signIn({ email: ANA.email, password: 'NuevaClave2026' })).userName).to.equal(ANA.email);

    const reused = await failure(changePassword({ uid: uid!, token: token!, password: 'OtraClave2026' }));
    expect(reused.kind).to.equal('server');
    expect(reused.serverErrors).to.have.property('token');
    expect((reused.body as { expired?: unknown }).expired).to.be.a('boolean');
    const changes = await recordedRequests('/bookcore/loyalty/ajax/password/recovery/change/');
    expect(changes).to.have.length(2);
    changes.forEach((change) => expectPost(change));
    expect(formFields(changes[1]!)).to.deep.equal({ uid, token, password: 'OtraClave2026' });
  });

  it('changePassword with a made-up token fails with the token error', async () => {
    const error = await failure(changePassword({ uid: 'MQ', token: 'bogus-token', password: 'NuevaClave2026' }));
    expect(error.kind).to.equal('server');
    expect(error.status).to.equal(400);
    expectPost(await onlyRequest('/bookcore/loyalty/ajax/password/recovery/change/'));
    expect(error.serverText).to.equal('El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.');
  });

  it('socialSignIn posts the social user with tipo_integracion, the Facebook access token and the newsletter as text', async () => {
    const accessToken = await standinFacebookToken('fb-123', 'lucia@example.com');
    const answer = await socialSignIn({
      first_name: 'Lucía',
      last_name: 'Pérez',
      email: 'lucia@example.com',
      name: 'Lucía Pérez',
      id: 'fb-123',
      access_token: accessToken,
      integration: 'facebook',
      recibir_newsletter: true,
    });
    expect(answer.success).to.equal(true);
    expect(answer.userName).to.equal('lucia@example.com');
    expect(answer.user!.nombre).to.equal('Lucía');
    const request = await onlyRequest('/bookcore/partempresas/login-particular-integracion/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({
      first_name: 'Lucía',
      last_name: 'Pérez',
      email: 'lucia@example.com',
      name: 'Lucía Pérez',
      id: 'fb-123',
      access_token: accessToken,
      tipo_integracion: 'facebook',
      recibir_newsletter: 'true',
    });
  });

  it('socialSignIn sends the Google id token and recibir_newsletter false', async () => {
    const idToken = await standinGoogleToken('google-456', ANA.email);
    const answer = await socialSignIn({
      first_name: 'Ana',
      last_name: 'García López',
      email: ANA.email,
      name: 'Ana García López',
      id: 'google-456',
      id_token: idToken,
      integration: 'google',
      recibir_newsletter: false,
    });
    expect(answer.user!.nombre).to.equal('Ana');
    const request = await onlyRequest('/bookcore/partempresas/login-particular-integracion/');
    expectPost(request);
    const fields = formFields(request);
    expect(fields['id_token']).to.equal(idToken);
    expect(fields).to.not.have.property('access_token');
    expect(fields['tipo_integracion']).to.equal('google');
    expect(fields['recibir_newsletter']).to.equal('false');
  });

  it('socialSignIn without an e-mail fails with the configured text', async () => {
    const error = await failure(
      socialSignIn({ first_name: 'Sin', last_name: 'Correo', email: '', name: 'Sin Correo', id: 'fb-9', access_token: await standinFacebookToken('fb-9', 'sin@example.com'), integration: 'facebook', recibir_newsletter: false }),
    );
    expect(error.kind).to.equal('server');
    expect(error.serverErrors).to.have.property('email');
    expectPost(await onlyRequest('/bookcore/partempresas/login-particular-integracion/'));
  });

  it('checkSocialUser tells members from strangers, with the provider token bookcore verifies', async () => {
    const idToken = await standinGoogleToken('g-1', ANA.email);
    const accessToken = await standinFacebookToken('fb-2', 'nadie@example.com');
    expect(await checkSocialUser({ email: ANA.email, integration: 'google', id: 'g-1', id_token: idToken })).to.deep.equal({ success: true });
    expect(await checkSocialUser({ email: 'nadie@example.com', integration: 'facebook', id: 'fb-2', access_token: accessToken })).to.deep.equal({ success: false });
    const requests = await recordedRequests('/bookcore/partempresas/loyalty/social/check-user/');
    requests.forEach((request) => expectPost(request));
    expect(requests.map(formFields)).to.deep.equal([
      { email: ANA.email, tipo_integracion: 'google', id: 'g-1', id_token: idToken },
      { email: 'nadie@example.com', tipo_integracion: 'facebook', id: 'fb-2', access_token: accessToken },
    ]);
  });

  it('getLoyaltyAvailability lists every hotel, or one', async () => {
    const all = await getLoyaltyAvailability();
    expect(all.cod_error).to.equal('000');
    expect(all.hotels.map((hotel) => hotel.code)).to.deep.equal(['HMAR', 'HSIE', 'HURB']);
    const hotel = all.hotels[0]!;
    expect(hotel.loyaltyPrice).to.be.below(hotel.price);
    expect(hotel.currency).to.equal('EUR');

    const one = await getLoyaltyAvailability('HSIE');
    expect(one.hotels).to.have.length(1);
    expect(one.hotels[0]!.name).to.equal('Sierra Nevada Lodge');
    const [allRequest, oneRequest, ...more] = await recordedRequests('/bookcore/availability/loyalty/*');
    expect(more).to.deep.equal([]);
    expectGet(allRequest!);
    expect([allRequest!.path, allRequest!.search]).to.deep.equal(['/bookcore/availability/loyalty/', '']);
    expectGet(oneRequest!);
    expect([oneRequest!.path, oneRequest!.search]).to.deep.equal(['/bookcore/availability/loyalty/HSIE/', '']);
  });

  it('getLoyaltyAvailability reads prices sent as decimal text, and leaves out only a hotel whose price is garbled', async () => {
    // docs/bookcore-contract.md, "Loyalty": prices are numbers or decimal text (a Django DecimalField), read
    // locale-free; a hotel without a code or a readable price is left out, the others stay.
    await injectFault({
      path: '/bookcore/availability/loyalty/',
      body: {
        hotels: [
          { code: 'HMAR', name: 'Hotel Mar Azul', loyaltyPrice: '90.00', price: '100.00', currency: 'EUR' },
          { code: 'HSIE', name: 'Sierra Nevada Lodge', loyaltyPrice: '1.234,50', price: '1500.00', currency: 'EUR' },
          { code: 'HURB', loyaltyPrice: 99, price: ' 110.5 ' },
          { name: 'Sin código', loyaltyPrice: 1, price: 2, currency: 'EUR' },
          { code: 'HNUL', name: 'Sin precio', loyaltyPrice: null, price: 2, currency: 'EUR' },
        ],
      },
      times: 1,
    });
    const answer = await getLoyaltyAvailability();
    expect(answer.hotels).to.deep.equal([
      { code: 'HMAR', name: 'Hotel Mar Azul', loyaltyPrice: 90, price: 100, currency: 'EUR' },
      { code: 'HURB', loyaltyPrice: 99, price: 110.5, currency: 'EUR' },
    ]);
    await injectFault({ path: '/bookcore/availability/loyalty/', body: { hotels: 'HMAR' }, times: 1 });
    expect((await failure(getLoyaltyAvailability())).kind, 'hotels that is no list').to.equal('schema');
  });

  it('getLoyaltyAvailability of an unknown hotel fails with the cod_error text', async () => {
    const error = await failure(getLoyaltyAvailability('NOPE'));
    expect(error.kind).to.equal('server');
    expect(error.serverText).to.equal('El hotel no existe.');
    expect((error.body as { cod_error?: unknown }).cod_error).to.equal('103');
    expectGet(await onlyRequest('/bookcore/availability/loyalty/NOPE/'));
  });

  it('setCookie posts the payload and the cookie is set', async () => {
    const answer = await setCookie({ name: 'loyalty_test', value: 'visto' });
    expect(answer).to.deep.equal({ success: true });
    const request = await onlyRequest('/bookcore/set-cookie/');
    expectPost(request);
    expect(formFields(request)).to.deep.equal({ name: 'loyalty_test', value: 'visto' });
    expect(document.cookie).to.include('loyalty_test=visto');
    document.cookie = 'loyalty_test=; path=/; max-age=0';
  });

  it('setCookie refuses the CSRF cookie name with kind server', async () => {
    const error = await failure(setCookie({ name: 'csrftoken', value: 'x' }));
    expect(error.kind).to.equal('server');
    expect(error.serverErrors).to.have.property('name');
    expectPost(await onlyRequest('/bookcore/set-cookie/'));
  });
});
