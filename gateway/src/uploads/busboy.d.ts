// busboy 1.6 ships no types (and @types/busboy is not installed): only what the gateway uses.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface Config {
      headers: IncomingHttpHeaders;
      highWaterMark?: number;
      fileHwm?: number;
      defCharset?: string;
      defParamCharset?: string;
      preservePath?: boolean;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }
    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }
    interface FileStream extends Readable {
      /** True once the file passed `limits.fileSize` (the rest was dropped). */
      truncated: boolean;
      bytesRead: number;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
      on(event: 'partsLimit' | 'filesLimit' | 'fieldsLimit' | 'close', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
      on(event: string | symbol, listener: (...args: unknown[]) => void): this;
    }
  }

  /** @throws Error when the content type is not multipart/form-data or urlencoded, or has no boundary. */
  function busboy(config: busboy.Config): busboy.Busboy;
  export = busboy;
}
