import { call, type Api } from './testApi';

const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A mail of the sandbox outbox as its reader sees it. */
export interface ReadMail {
  to: string;
  subject: string;
  /** The outbox page as served (escaped HTML). */
  html: string;
  /** The mail's text as the reader sees it. */
  text: string;
}

/** The outbox mails whose subject names `orderNumber`, read through the list and each mail's page. */
export async function mailsFor(target: Api, orderNumber: string): Promise<ReadMail[]> {
  const list = (await call(target, 'GET', '/sandbox/outbox')).raw.body;
  const found = [...list.matchAll(/<a href="(\/sandbox\/outbox\/[0-9a-f-]{36})">([^<]*)<\/a>/g)].filter(
    ([, , subject]) => subject!.includes(orderNumber),
  );
  return Promise.all(
    found.map(async ([, path]) => {
      const html = (await call(target, 'GET', path!)).raw.body;
      return {
        to: unescapeHtml(/An: ([^<]*)<br>/.exec(html)![1]!),
        subject: unescapeHtml(/<h1>([^<]*)<\/h1>/.exec(html)![1]!),
        html,
        text: unescapeHtml(/<pre>([\s\S]*?)<\/pre>/.exec(html)![1]!),
      };
    }),
  );
}
