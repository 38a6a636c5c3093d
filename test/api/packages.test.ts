import { expect } from '@open-wc/testing';
import { DEFAULT_ENDPOINTS } from '../../src/api/endpoints';
import { ApiError } from '../../src/api/http';
import { buildPackageAvailabilityUrl, getPackageAvailability } from '../../src/api/packages';
import { expectEveryRequestWellFormed, expectGet, onlyRequest, resetServer } from './dev-server';

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('buildPackageAvailabilityUrl', () => {
  it('fills the default template', () => {
    expect(
      buildPackageAvailabilityUrl(DEFAULT_ENDPOINTS.packageAvailability, { packId: 2, checkIn: '2026-07-01', checkOut: '2026-07-04' }),
    ).to.equal('/bookcore/packages/2/availability/?entrada=2026-07-01&salida=2026-07-04');
  });

  it('leaves an empty or absent check-out empty', () => {
    const template = DEFAULT_ENDPOINTS.packageAvailability;
    expect(buildPackageAvailabilityUrl(template, { packId: 2, checkIn: '2026-07-01', checkOut: '' })).to.equal(
      '/bookcore/packages/2/availability/?entrada=2026-07-01&salida=',
    );
    expect(buildPackageAvailabilityUrl(template, { packId: 2, checkIn: '2026-07-01' })).to.equal(
      '/bookcore/packages/2/availability/?entrada=2026-07-01&salida=',
    );
  });

  it('URL-encodes the values, so they cannot add parameters or segments', () => {
    expect(
      buildPackageAvailabilityUrl('/p/PACKID/?in=CHECKIN&out=CHECKOUT', { packId: 'a/b', checkIn: '1&x=2', checkOut: 'c d' }),
    ).to.equal('/p/a%2Fb/?in=1%26x%3D2&out=c%20d');
  });

  it('replaces every occurrence but never a value that spells a placeholder', () => {
    expect(buildPackageAvailabilityUrl('/PACKID/PACKID?d=CHECKIN', { packId: 'CHECKIN', checkIn: 'x' })).to.equal(
      '/CHECKIN/CHECKIN?d=x',
    );
  });
});

describe('getPackageAvailability', () => {
  beforeEach(async () => {
    await resetServer();
  });

  afterEach(async () => {
    await expectEveryRequestWellFormed();
  });

  it('reads the options of a package for the dates', async () => {
    const checkIn = isoDate(30);
    const checkOut = isoDate(33);
    const answer = await getPackageAvailability({ packId: 2, checkIn, checkOut });
    expect(answer.cod_error).to.equal('000');
    expect(answer.package).to.deep.equal({ id: 2, name: 'Aventura en la nieve' });
    expect(answer.currency).to.equal('EUR');
    expect(answer.options.map((option) => option.id)).to.deep.equal([21, 22]);
    expect(answer.options[0]!.hotel.code).to.equal('HSIE');
    expect(answer.options[0]!.nights).to.equal(3);
    expect(answer.options[0]!.price).to.be.above(0);
    const request = await onlyRequest('/bookcore/packages/2/availability/');
    expectGet(request);
    expect(request.query).to.deep.equal({ entrada: checkIn, salida: checkOut });
  });

  it('lets the package decide the nights when check-out is empty', async () => {
    const answer = await getPackageAvailability({ packId: 3, checkIn: isoDate(30), checkOut: '' });
    expect(answer.options.every((option) => option.nights === 4)).to.equal(true);
    const request = await onlyRequest('/bookcore/packages/3/availability/');
    expectGet(request);
    expect(request.search).to.equal(`?entrada=${isoDate(30)}&salida=`);
  });

  it('uses a configured template', async () => {
    const answer = await getPackageAvailability({ packId: 1, checkIn: isoDate(7) }, '/bookcore/packages/PACKID/availability/?salida=CHECKOUT&entrada=CHECKIN&brand=x');
    expect(answer.package).to.deep.equal({ id: 1, name: 'Escapada romántica' });
    const request = await onlyRequest('/bookcore/packages/1/availability/');
    expectGet(request);
    expect(request.search).to.equal(`?salida=&entrada=${isoDate(7)}&brand=x`);
  });

  it('fails with kind server and the text when there is no availability', async () => {
    let thrown: unknown;
    try {
      await getPackageAvailability({ packId: 1, checkIn: isoDate(400), checkOut: isoDate(402) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(ApiError);
    expect((thrown as ApiError).kind).to.equal('server');
    expect((thrown as ApiError).serverText).to.equal('No hay disponibilidad para las fechas seleccionadas.');
    const request = await onlyRequest('/bookcore/packages/1/availability/');
    expectGet(request);
    expect(request.query).to.deep.equal({ entrada: isoDate(400), salida: isoDate(402) });
  });
});
