// The web page at a given width (the test opens it at a phone's and a desktop's): once #example
// has shown its results, whether anything is wider than the window, and each part's right edge.
const wait = async (): Promise<void> => {
  for (let i = 0; i < 600 && (document.getElementById('results') as HTMLElement).hidden; i++) await new Promise((resolve) => setTimeout(resolve, 50));
};
const report = async (): Promise<Record<string, unknown>> => {
  await wait();
  const right = (selector: string): number => Math.ceil((document.querySelector(selector) as HTMLElement).getBoundingClientRect().right);
  return {
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    hidden: (document.getElementById('results') as HTMLElement).hidden,
    parts: Object.fromEntries(['#measures', '#tie-mode', '#drop', '#ties', '#ranges', '#per-query', '#plot svg'].map((s) => [s, right(s)])),
  };
};
report()
  .catch((e: unknown) => ({ error: String(e) }))
  .then((body) => fetch('/report', { method: 'POST', body: JSON.stringify(body) }));
