/**
 * XMLHttpRequest as `apiUpload` uses it, for tests (stub it with
 * `vi.stubGlobal('XMLHttpRequest', FakeXhr)` and clear `FakeXhr.sent`): each request sent is kept in
 * `sent`, and the test answers it by hand with `progress` and `reply`.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(share: number) {
    const event = Object.assign(new Event('progress'), {
      lengthComputable: true,
      loaded: share * 1000,
      total: 1000,
    });
    this.upload.dispatchEvent(event);
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}
