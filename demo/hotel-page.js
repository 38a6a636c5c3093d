// The demo's hotel page: `?hotel=` and `?lang=` pick the hotel and the page's language, as a CMS would write them
// into the tag (docs/hotel-page.md "A CMS editor's example").
const query = new URLSearchParams(location.search);
const hotel = /^[A-Z0-9]{1,12}$/.test(query.get('hotel') ?? '') ? query.get('hotel') : 'HSIE';
const lang = /^[a-z]{2}$/.test(query.get('lang') ?? '') ? query.get('lang') : 'es';
document.documentElement.lang = lang;
const page = document.createElement('hotel-page');
page.setAttribute('data-hotel-code', hotel);
document.getElementById('hotel-page-slot')?.replaceWith(page);
document.getElementById('hotel-page-title').textContent = hotel;
