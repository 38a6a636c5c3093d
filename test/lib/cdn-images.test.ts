import { expect } from '@open-wc/testing';
import {
  IMAGE_BREAKPOINTS,
  IMAGE_PRESETS,
  QUALITY_BY_PIXEL_RATIO,
  cdnImageUrl,
  cdnUrlTemplate,
  queryParameterScheme,
  responsiveImage,
} from '../../src/lib/cdn-images';
import type { ImageTransform } from '../../src/lib/cdn-images';

const ROOM = 'https://cdn.hotel.example/rooms/suite.jpg';

describe('CDN image constants (SPEC.md §9)', () => {
  it('has the 414 and 800 px breakpoints, the older 400, and quality 60/20/10 by pixel ratio', () => {
    expect(IMAGE_BREAKPOINTS).to.deep.equal({ small: 414, legacySmall: 400, large: 800 });
    expect(QUALITY_BY_PIXEL_RATIO).to.deep.equal({ 1: 60, 2: 20, 3: 10 });
  });

  it('has the four presets with the spec sizes', () => {
    expect(IMAGE_PRESETS.logo).to.deep.equal({ small: { width: 400, height: 50, fit: 'max' }, large: { width: 800, height: 100, fit: 'max' } });
    expect(IMAGE_PRESETS.homePrincipal).to.deep.equal({ small: { width: 480, height: 480, fit: 'crop' }, large: { width: 920, height: 920, fit: 'crop' } });
    expect(IMAGE_PRESETS.homeSection).to.deep.equal({ small: { width: 210, height: 210, fit: 'max' }, large: { width: 420, height: 420, fit: 'max' } });
    expect(IMAGE_PRESETS.availabilityRoom).to.deep.equal({ small: { width: 420, height: 250, fit: 'crop' }, large: { width: 840, height: 500, fit: 'crop' } });
  });
});

describe('responsiveImage', () => {
  it('builds src, srcset and sizes for availability rooms', () => {
    expect(responsiveImage(ROOM, 'availabilityRoom')).to.deep.equal({
      src: `${ROOM}?w=840&h=500&fit=crop&q=60`,
      srcset: [
        `${ROOM}?w=420&h=250&fit=crop&q=60 420w`,
        `${ROOM}?w=840&h=500&fit=crop&q=60 840w`,
        `${ROOM}?w=1260&h=750&fit=crop&q=10 1260w`,
        `${ROOM}?w=1680&h=1000&fit=crop&q=20 1680w`,
        `${ROOM}?w=2520&h=1500&fit=crop&q=10 2520w`,
      ].join(', '),
      sizes: '(max-width: 414px) 420px, 840px',
    });
  });

  it('builds the home principal picture, cropped, at every pixel ratio', () => {
    const image = responsiveImage('https://cdn.example/home.jpg', 'homePrincipal');
    expect(image.src).to.equal('https://cdn.example/home.jpg?w=920&h=920&fit=crop&q=60');
    expect(image.srcset.split(', ')).to.deep.equal([
      'https://cdn.example/home.jpg?w=480&h=480&fit=crop&q=60 480w',
      'https://cdn.example/home.jpg?w=920&h=920&fit=crop&q=60 920w',
      'https://cdn.example/home.jpg?w=960&h=960&fit=crop&q=20 960w',
      'https://cdn.example/home.jpg?w=1440&h=1440&fit=crop&q=10 1440w',
      'https://cdn.example/home.jpg?w=1840&h=1840&fit=crop&q=20 1840w',
      'https://cdn.example/home.jpg?w=2760&h=2760&fit=crop&q=10 2760w',
    ]);
    expect(image.sizes).to.equal('(max-width: 414px) 480px, 920px');
  });

  it('builds home sections and the logo, fitted inside their box', () => {
    const section = responsiveImage('https://cdn.example/s.jpg', 'homeSection');
    expect(section.src).to.equal('https://cdn.example/s.jpg?w=420&h=420&fit=max&q=60');
    expect(section.sizes).to.equal('(max-width: 414px) 210px, 420px');
    const logo = responsiveImage('https://cdn.example/logo.png', 'logo');
    expect(logo.src).to.equal('https://cdn.example/logo.png?w=800&h=100&fit=max&q=60');
    expect(logo.srcset.split(', ')[0]).to.equal('https://cdn.example/logo.png?w=400&h=50&fit=max&q=60 400w');
    expect(logo.sizes).to.equal('(max-width: 414px) 400px, 800px');
  });

  it('keeps one candidate per width, the higher-quality lower pixel ratio', () => {
    const widths = responsiveImage(ROOM, 'homeSection').srcset.split(', ').map((candidate) => candidate.split(' ')[1]);
    expect(widths).to.deep.equal(['210w', '420w', '630w', '840w', '1260w']);
    expect(responsiveImage(ROOM, 'homeSection').srcset).to.include('w=420&h=420&fit=max&q=60 420w');
  });

  it('uses the older 400 px breakpoint on request', () => {
    expect(responsiveImage(ROOM, 'availabilityRoom', { legacyBreakpoints: true }).sizes).to.equal('(max-width: 400px) 420px, 840px');
  });

  it('accepts a custom preset', () => {
    const image = responsiveImage(ROOM, { small: { width: 100, height: 50, fit: 'crop' }, large: { width: 300, height: 150, fit: 'max' } });
    expect(image.src).to.equal(`${ROOM}?w=300&h=150&fit=max&q=60`);
    expect(image.sizes).to.equal('(max-width: 414px) 100px, 300px');
  });

  it('resolves relative paths against the base, and leaves absolute ones alone', () => {
    expect(responsiveImage('/media/logo.png', 'logo', { base: 'https://cdn.example/' }).src).to.equal('https://cdn.example/media/logo.png?w=800&h=100&fit=max&q=60');
    expect(responsiveImage('media/logo.png', 'logo', { base: 'https://cdn.example/static' }).src).to.equal('https://cdn.example/static/media/logo.png?w=800&h=100&fit=max&q=60');
    expect(responsiveImage(ROOM, 'logo', { base: 'https://other.example' }).src).to.equal(`${ROOM}?w=800&h=100&fit=max&q=60`);
    expect(responsiveImage('//cdn.example/a.png', 'logo', { base: 'https://other.example' }).src).to.equal('//cdn.example/a.png?w=800&h=100&fit=max&q=60');
  });
});

describe('cdnImageUrl', () => {
  it('scales the box by the pixel ratio and sets its quality', () => {
    const rendition = IMAGE_PRESETS.availabilityRoom.small;
    expect(cdnImageUrl(ROOM, rendition)).to.equal(`${ROOM}?w=420&h=250&fit=crop&q=60`);
    expect(cdnImageUrl(ROOM, rendition, 2)).to.equal(`${ROOM}?w=840&h=500&fit=crop&q=20`);
    expect(cdnImageUrl(ROOM, rendition, 3)).to.equal(`${ROOM}?w=1260&h=750&fit=crop&q=10`);
  });

  it('passes the transform to a custom scheme', () => {
    const seen: ImageTransform[] = [];
    const url = cdnImageUrl(ROOM, IMAGE_PRESETS.logo.large, 2, {
      scheme: (image, transform) => {
        seen.push(transform);
        return `custom:${image}`;
      },
    });
    expect(url).to.equal(`custom:${ROOM}`);
    expect(seen).to.deep.equal([{ width: 1600, height: 200, fit: 'max', quality: 20 }]);
  });
});

describe('queryParameterScheme', () => {
  const transform: ImageTransform = { width: 420, height: 250, fit: 'crop', quality: 60 };

  it('keeps existing query parameters and the fragment', () => {
    expect(queryParameterScheme('https://cdn.example/a.jpg?v=3', transform)).to.equal('https://cdn.example/a.jpg?v=3&w=420&h=250&fit=crop&q=60');
    expect(queryParameterScheme('https://cdn.example/a.jpg#top', transform)).to.equal('https://cdn.example/a.jpg?w=420&h=250&fit=crop&q=60#top');
  });
});

describe('cdnUrlTemplate', () => {
  const transform: ImageTransform = { width: 420, height: 250, fit: 'crop', quality: 60 };

  it('fills the transform into a path template', () => {
    const scheme = cdnUrlTemplate('https://img.example/{w}x{h}/{fit}/q{q}/{path}');
    expect(scheme('https://hotel.example/media/rooms/a.jpg', transform)).to.equal('https://img.example/420x250/crop/q60/media/rooms/a.jpg');
    expect(scheme('/media/rooms/a.jpg', transform)).to.equal('https://img.example/420x250/crop/q60/media/rooms/a.jpg');
  });

  it('offers the origin and the whole URL, encoded', () => {
    const scheme = cdnUrlTemplate('{origin}/cdn-cgi/image/width={w},quality={q}/{path}|https://resize.example/?src={url}&w={w}');
    expect(scheme('https://hotel.example/a.jpg?v=1', transform)).to.equal(
      'https://hotel.example/cdn-cgi/image/width=420,quality=60/a.jpg?v=1|https://resize.example/?src=https%3A%2F%2Fhotel.example%2Fa.jpg%3Fv%3D1&w=420',
    );
  });

  it('works through responsiveImage', () => {
    const image = responsiveImage('https://hotel.example/a.jpg', 'availabilityRoom', { scheme: cdnUrlTemplate('https://img.example/{w}x{h}/{path}') });
    expect(image.src).to.equal('https://img.example/840x500/a.jpg');
  });
});
