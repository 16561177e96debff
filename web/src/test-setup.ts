import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no modal dialogs; the platform behaviour is not what these tests check.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

window.scrollTo = () => undefined;

// findBy*/waitFor wait up to 5 s rather than 1 s: on a loaded CI machine (the whole suite on two
// cores) a page's first fetches and render took longer than a second now and then.
configure({ asyncUtilTimeout: 5_000 });

// uPlot reads the pixel ratio through matchMedia when it loads; jsdom has none.
window.matchMedia ??= ((query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList) as typeof window.matchMedia;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
