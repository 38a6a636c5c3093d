// The package page's demo switches: ?lang=en and ?currency=USD (or the selects on the page) set the attributes
// the cart reads. A module, so it runs once the document is parsed.
const params = new URLSearchParams(location.search);
const cart = document.querySelector('package-cart');
const lang = params.get('lang');
const currency = params.get('currency');
if (lang) document.documentElement.lang = lang;
if (currency) cart.setAttribute('data-currency', currency);
const langSelect = document.getElementById('page-lang');
const currencySelect = document.getElementById('page-currency');
langSelect.value = document.documentElement.lang;
currencySelect.value = cart.getAttribute('data-currency') ?? '';
langSelect.addEventListener('change', () => (document.documentElement.lang = langSelect.value));
currencySelect.addEventListener('change', () => {
  if (currencySelect.value) cart.setAttribute('data-currency', currencySelect.value);
  else cart.removeAttribute('data-currency');
});
