import { expect } from '@open-wc/testing';
import { sanitizeHtml } from '../../src/lib/sanitize-html';

function container(fragment: DocumentFragment): HTMLElement {
  const element = document.createElement('div');
  element.append(fragment);
  return element;
}

describe('sanitizeHtml', () => {
  it('keeps the text and structure of an ordinary document', async () => {
    const element = container(await sanitizeHtml('<h2>Condiciones</h2><p>Texto <strong>importante</strong>.</p><ul><li>uno</li></ul>'));
    expect(element.querySelector('h2')!.textContent).to.equal('Condiciones');
    expect(element.querySelector('p strong')!.textContent).to.equal('importante');
    expect(element.querySelectorAll('li')).to.have.length(1);
  });

  it('removes scripts, event handlers and javascript: addresses', async () => {
    const element = container(
      await sanitizeHtml('<script>window.__bad=1</script><img src="data:," onerror="window.__bad=2"><a href="javascript:alert(1)">x</a><p onclick="x()">p</p>'),
    );
    expect(element.querySelector('script')).to.equal(null);
    expect(element.querySelector('img')!.hasAttribute('onerror')).to.equal(false);
    expect(element.querySelector('a')!.hasAttribute('href')).to.equal(false);
    expect(element.querySelector('p')!.hasAttribute('onclick')).to.equal(false);
  });

  it('removes styles and form controls, which could restyle or imitate the widget', async () => {
    const element = container(
      await sanitizeHtml('<style>*{display:none}</style><p style="position:fixed">p</p><form><input name="password"><button>Enviar</button></form>'),
    );
    expect(element.querySelector('style, form, input, button')).to.equal(null);
    expect(element.querySelector('p')!.hasAttribute('style')).to.equal(false);
  });

  it('opens every link in a new tab without opener or referrer', async () => {
    const element = container(await sanitizeHtml('<a href="https://example.org" target="_self" rel="opener">x</a><a href="mailto:a@example.com">m</a><a>no href</a>'));
    const [external, mail, bare] = Array.from(element.querySelectorAll('a'));
    for (const link of [external!, mail!]) {
      expect(link.getAttribute('target')).to.equal('_blank');
      expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    }
    expect(bare!.hasAttribute('target')).to.equal(false);
  });

  it('prefixes ids so a document cannot clash with the widget\'s own', async () => {
    const element = container(await sanitizeHtml('<p id="title">x</p>'));
    expect(element.querySelector('p')!.id).to.equal('user-content-title');
  });

  it('returns nodes of the current document, ready to insert', async () => {
    const fragment = await sanitizeHtml('<p>x</p>');
    expect(fragment).to.be.instanceOf(DocumentFragment);
    expect(fragment.ownerDocument).to.equal(document);
  });
});
