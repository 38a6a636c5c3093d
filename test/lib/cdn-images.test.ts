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
import type { ImagePresetName, ImageTransform } from '../../src/lib/cdn-images';

const ROOM = 'https://cdn.hotel.example/rooms/suite.jpg';

describe('CDN image constants (docs/commerce.md "CDN images")', () => {
  it('has the 414 and 800 px breakpoints, the older 400, and quality 60/20/10 by pixel ratio', () => {
    expect(IMAGE_BREAKPOINTS).to.deep.equal({ small: 414, legacySmall: 400, large: 800 });
    expect(QUALITY_BY_PIXEL_RATIO).to.deep.equal({ 1: 60, 2: 20, 3: 10 });
  });

  it('has the four presets with the sizes of docs/commerce.md "CDN images"', () => {
    expect(IMAGE_PRESETS.logo).to.deep.equal({ small: { width: 400, height: 50, fit: 'max' }, large: { width: 800, height: 100, fit: 'max' } });
    expect(IMAGE_PRESETS.homePrincipal).to.deep.equal({
      small: { width: 480, height: 480, fit: 'crop', maxHeight: 400 },
      large: { width: 920, height: 920, fit: 'crop', maxHeight: 800 },
    });
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
      // 420 ≥ 414 and 840 ≥ 800: up to 800 px the picture is at most viewport-wide, so both bands say 100vw.
      sizes: '(max-width: 800px) 100vw, 840px',
    });
  });

  it('builds the home principal picture cropped to its max height (400 or 800), at every pixel ratio', () => {
    const image = responsiveImage('https://cdn.example/home.jpg', 'homePrincipal');
    expect(image.src).to.equal('https://cdn.example/home.jpg?w=920&h=800&fit=crop&q=60');
    expect(image.srcset.split(', ')).to.deep.equal([
      'https://cdn.example/home.jpg?w=480&h=400&fit=crop&q=60 480w',
      'https://cdn.example/home.jpg?w=920&h=800&fit=crop&q=60 920w',
      'https://cdn.example/home.jpg?w=960&h=800&fit=crop&q=20 960w',
      'https://cdn.example/home.jpg?w=1440&h=1200&fit=crop&q=10 1440w',
      'https://cdn.example/home.jpg?w=1840&h=1600&fit=crop&q=20 1840w',
      'https://cdn.example/home.jpg?w=2760&h=2400&fit=crop&q=10 2760w',
    ]);
    expect(image.sizes).to.equal('(max-width: 800px) 100vw, 920px');
  });

  it('caps only a box taller than its max height', () => {
    const capped = { width: 300, height: 300, fit: 'crop', maxHeight: 200 } as const;
    const lower = { width: 300, height: 150, fit: 'crop', maxHeight: 200 } as const;
    expect(cdnImageUrl(ROOM, capped)).to.equal(`${ROOM}?w=300&h=200&fit=crop&q=60`);
    expect(cdnImageUrl(ROOM, capped, 3)).to.equal(`${ROOM}?w=900&h=600&fit=crop&q=10`);
    expect(cdnImageUrl(ROOM, lower)).to.equal(`${ROOM}?w=300&h=150&fit=crop&q=60`);
  });

  it('builds home sections and the logo, fitted inside their box', () => {
    const section = responsiveImage('https://cdn.example/s.jpg', 'homeSection');
    expect(section.src).to.equal('https://cdn.example/s.jpg?w=420&h=420&fit=max&q=60');
    // 420 < 800: a tablet shows the large section picture at its box, as a wider screen does.
    expect(section.sizes).to.equal('(max-width: 414px) 210px, 420px');
    const logo = responsiveImage('https://cdn.example/logo.png', 'logo');
    expect(logo.src).to.equal('https://cdn.example/logo.png?w=800&h=100&fit=max&q=60');
    expect(logo.srcset.split(', ')[0]).to.equal('https://cdn.example/logo.png?w=400&h=50&fit=max&q=60 400w');
    expect(logo.sizes).to.equal('(max-width: 414px) 400px, (max-width: 800px) 100vw, 800px');
  });

  it('keeps one candidate per width, the higher-quality lower pixel ratio', () => {
    const widths = responsiveImage(ROOM, 'homeSection').srcset.split(', ').map((candidate) => candidate.split(' ')[1]);
    expect(widths).to.deep.equal(['210w', '420w', '630w', '840w', '1260w']);
    expect(responsiveImage(ROOM, 'homeSection').srcset).to.include('w=420&h=420&fit=max&q=60 420w');
  });

  it('uses the older 400 px breakpoint on request', () => {
    expect(responsiveImage(ROOM, 'homeSection', { legacyBreakpoints: true }).sizes).to.equal('(max-width: 400px) 210px, 420px');
    // The logo's 400 px box fills a 400 px phone, so the phone band merges into the tablet band.
    expect(responsiveImage(ROOM, 'logo', { legacyBreakpoints: true }).sizes).to.equal('(max-width: 800px) 100vw, 800px');
  });

  it('names the 800 px breakpoint where the large box is wider than a tablet and the small one fits a phone', () => {
    const wide = { small: { width: 300, height: 200, fit: 'crop' }, large: { width: 1200, height: 600, fit: 'crop' } } as const;
    expect(responsiveImage(ROOM, wide).sizes).to.equal('(max-width: 414px) 300px, (max-width: 800px) 100vw, 1200px');
    expect(responsiveImage(ROOM, wide, { legacyBreakpoints: true }).sizes).to.equal('(max-width: 400px) 300px, (max-width: 800px) 100vw, 1200px');
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

describe('sizes in Chromium', () => {
  let probe = 0;

  /**
   * The width of the file Chromium picks for a preset in a viewport of the given width (a frame), at pixel ratio 1.
   * The candidates point at this test module, which the test server always has: a fresh query per probe keeps the
   * memory cache out of the choice, and the image failing to decode does not matter, currentSrc is the choice.
   */
  async function chosenWidth(viewportWidth: number, preset: ImagePresetName): Promise<number> {
    const frame = document.createElement('iframe');
    frame.style.width = `${viewportWidth}px`;
    frame.style.height = '300px';
    document.body.append(frame);
    try {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const frameDocument = frame.contentDocument!;
      expect(frame.contentWindow!.innerWidth).to.equal(viewportWidth);
      expect(frame.contentWindow!.devicePixelRatio).to.equal(1);
      probe += 1;
      const { src, srcset, sizes } = responsiveImage(`${new URL(import.meta.url).pathname}?probe=${probe}`, preset);
      const img = frameDocument.createElement('img');
      img.sizes = sizes;
      img.srcset = srcset;
      img.src = src;
      const settled = new Promise((resolve) => {
        img.onload = resolve;
        img.onerror = resolve;
      });
      frameDocument.body.append(img);
      await settled;
      return Number(/[?&]w=(\d+)/.exec(img.currentSrc)?.[1]);
    } finally {
      frame.remove();
    }
  }

  it('picks the smallest file at least as wide as the picture can be shown, on phones, tablets and desktops', async () => {
    expect(await chosenWidth(375, 'availabilityRoom')).to.equal(420);
    expect(await chosenWidth(600, 'availabilityRoom')).to.equal(840);
    expect(await chosenWidth(1000, 'availabilityRoom')).to.equal(840);
    expect(await chosenWidth(375, 'homeSection')).to.equal(210);
    expect(await chosenWidth(600, 'homeSection')).to.equal(420);
  });

  it('lets a viewport narrower than a small box take the small file past the small breakpoint', async () => {
    // A 460 px viewport is past 414 px but shows the home picture at most 460 px wide: the 480 px crop will do.
    expect(await chosenWidth(460, 'homePrincipal')).to.equal(480);
    expect(await chosenWidth(500, 'homePrincipal')).to.equal(920);
    expect(await chosenWidth(900, 'homePrincipal')).to.equal(920);
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
