import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WOPI_FIXTURE_DIR } from '../../testing/wopiFixtures.js';
import { actionUrl, DiscoveryError, parseDiscovery } from './parseDiscovery.js';

const fixture = (name: string) => readFileSync(join(WOPI_FIXTURE_DIR, name), 'utf8');
const SRC = 'https://quill.example.org/wopi/files/42';
const ENCODED = 'https%3A%2F%2Fquill.example.org%2Fwopi%2Ffiles%2F42';

describe('parseDiscovery', () => {
  it('reads Collabora Online: edit for .docx, and the same page to view (the view token makes it read-only)', () => {
    const actions = parseDiscovery(fixture('collabora-discovery.xml'));
    expect(actions).toEqual({
      edit: 'https://office.example.org/browser/0b27e85/cool.html?',
      view: 'https://office.example.org/browser/0b27e85/cool.html?',
    });
    expect(actionUrl(actions.edit!, SRC)).toBe(
      `https://office.example.org/browser/0b27e85/cool.html?WOPISrc=${ENCODED}`,
    );
  });

  it('reads ONLYOFFICE Docs: its view and edit actions, placeholders removed', () => {
    const actions = parseDiscovery(fixture('onlyoffice-discovery.xml'));
    expect(actionUrl(actions.view, SRC)).toBe(
      `https://docs.example.org/hosting/wopi/word/view?&WOPISrc=${ENCODED}`,
    );
    expect(actionUrl(actions.edit!, SRC)).toBe(
      `https://docs.example.org/hosting/wopi/word/edit?&WOPISrc=${ENCODED}`,
    );
  });

  it('reads Office Online Server: the external zone before the internal one', () => {
    const actions = parseDiscovery(fixture('office-online-discovery.xml'));
    expect(actionUrl(actions.view, SRC)).toBe(
      `https://oos.example.org/wv/wordviewerframe.aspx?WOPISrc=${ENCODED}`,
    );
    expect(actionUrl(actions.edit!, SRC)).toBe(
      `https://oos.example.org/we/wordeditorframe.aspx?WOPISrc=${ENCODED}`,
    );
  });

  it('falls back to embedview for viewing; no edit action leaves editing off', () => {
    const xml = `<wopi-discovery><net-zone name="external-http"><app name="Word">
      <action name="embedview" ext="DOCX" urlsrc="https://w.example.org/embed?a=1"/></app></net-zone></wopi-discovery>`;
    expect(parseDiscovery(xml)).toEqual({ edit: null, view: 'https://w.example.org/embed?a=1' });
    expect(actionUrl('https://w.example.org/embed?a=1', SRC)).toBe(
      `https://w.example.org/embed?a=1&WOPISrc=${ENCODED}`,
    );
    expect(actionUrl('https://w.example.org/embed', SRC)).toBe(
      `https://w.example.org/embed?WOPISrc=${ENCODED}`,
    );
  });

  it('refuses what is not a discovery document, offers nothing for .docx, or declares entities', () => {
    const refusals: [string, RegExp][] = [
      ['<html><body>Login</body></html>', /net-zone/],
      ['<wopi-discovery><net-zone', /well-formed|net-zone/],
      [
        '<wopi-discovery><net-zone name="x"><app name="Calc"><action name="edit" ext="xlsx" urlsrc="https://c/"/></app></net-zone></wopi-discovery>',
        /no edit or view action/,
      ],
      [
        '<wopi-discovery><net-zone name="x"><app name="W"><action name="edit" ext="docx" urlsrc="javascript:alert(1)"/></app></net-zone></wopi-discovery>',
        /no edit or view action/,
      ],
      ['<!DOCTYPE d [<!ENTITY a "aaaa">]><wopi-discovery/>', /DOCTYPE/],
    ];
    for (const [xml, reason] of refusals) {
      const err = (() => {
        try {
          parseDiscovery(xml);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(DiscoveryError);
      expect((err as DiscoveryError).detail).toMatch(reason);
    }
  });
});
