// A loopback TCP proxy in front of PostgreSQL, for tests that break the network between a server process and its
// database the ways a real network does: a connection that goes silent (a NAT or firewall that forgot its
// mapping: nothing arrives, nothing errors) and a database that goes away and comes back.
import { createServer, type Server, Socket } from "node:net";

interface Link {
  client: Socket;
  upstream: Socket;
  /** Set once the client sent LISTEN on this connection: the change-notice connection. */
  isListener: boolean;
  /** Bytes are dropped both ways, as a dead NAT mapping drops them. */
  frozen: boolean;
}

export class TcpProxy {
  private server: Server | undefined;
  private readonly links = new Set<Link>();
  private freezeListeners = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts accepting on loopback (on the port it had before, when restarting). */
  async start(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (typeof address === "object" && address) this.port = address.port;
    this.server = server;
  }

  /** A database URL that goes through the proxy instead of straight to the target. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  /**
   * Silences every change-notice connection, open now or opened later, without closing any: nothing reaches
   * either side. Until `thaw`.
   */
  freezeNoticeConnections(): void {
    this.freezeListeners = true;
    for (const link of this.links) if (link.isListener) link.frozen = true;
  }

  /** New notice connections flow again (the frozen ones stay frozen, as a dead mapping stays dead). */
  thaw(): void {
    this.freezeListeners = false;
  }

  get frozenConnections(): number {
    return [...this.links].filter((link) => link.frozen && !link.client.destroyed).length;
  }

  /** The database goes away: every connection is cut and new ones are refused, until `start` again. */
  async takeDown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const link of this.links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    this.links.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  async close(): Promise<void> {
    await this.takeDown();
  }

  private accept(client: Socket): void {
    const upstream = new Socket();
    const link: Link = { client, upstream, isListener: false, frozen: false };
    this.links.add(link);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.links.delete(link);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.on("data", (chunk: Buffer) => {
      // The simple-query protocol sends the statement as text: the listener is the connection that LISTENs.
      if (!link.isListener && /listen\s+seva_changes/i.test(chunk.toString("latin1"))) {
        link.isListener = true;
        if (this.freezeListeners) link.frozen = true;
      }
      if (!link.frozen) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!link.frozen) client.write(chunk);
    });
    upstream.connect(this.targetPort, this.targetHost);
  }
}
