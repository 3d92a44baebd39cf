// The certificate as a PDF (ADR 0039): A4, the standard Helvetica fonts (real, selectable text a PDF text extractor
// reads back), the QR code of the verification URL drawn as vector squares, the signed record embedded as the
// attachment `seva-certificate.json`, and the whole file signed on its last line. Made the same way every time for
// one certificate (its dates are the issue date), so downloading it again gives the same bytes.
import type { SigningKey } from "@server/lib/signing-key";
import type { CertificateEntry, CertificateSnapshot } from "@shared/domain/certificates";
import { formatSchoolDay, formatServedDates } from "@shared/domain/served-dates";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import {
  ATTACHMENT_NAME,
  appendFileSignature,
  SIGNATURE_ALGORITHM,
  type SignedCertificateRecord,
} from "./certificate-signature";

export interface CertificatePdfInput {
  snapshot: CertificateSnapshot;
  signature: string;
  keyId: string;
  /** Set for a revoked certificate: REVOKED is written across every page. */
  revokedAt: Date | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#0f766e";
const RULE = "#d1d5db";
const COLUMNS = [
  { title: "Opportunity", width: 175 },
  { title: "Dates served", width: 130 },
  { title: "Approved hours", width: 55, align: "right" },
  { title: "Coins", width: 45, align: "right" },
  { title: "Supervisor", width: 90 },
] as const;
const CELL_GAP = 6;

export function servedLabel(entry: Pick<CertificateEntry, "servedFrom" | "servedTo">): string {
  return formatServedDates(entry.servedFrom, entry.servedTo) ?? "Not recorded";
}

export const hoursLabel = (hours: number) =>
  `${Number.isInteger(hours) ? hours : hours.toFixed(2).replace(/0$/, "")}`;

function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  // A quiet zone of 4 modules on each side, as the standard asks.
  const cell = size / (modules.size + 8);
  doc.save().rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + (column + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill("#000000").restore();
}

function drawRevoked(doc: PDFKit.PDFDocument): void {
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc
    .font("Helvetica-Bold")
    .fontSize(110)
    .fillColor("#dc2626")
    .fillOpacity(0.25)
    .text("REVOKED", 0, PAGE.height / 2 - 55, { width: PAGE.width, align: "center", lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  let x = PAGE.margin;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
  for (const column of COLUMNS) {
    doc.text(column.title, x, y, {
      width: column.width - CELL_GAP,
      align: "align" in column ? column.align : "left",
    });
    x += column.width;
  }
  const bottom = y + 24;
  doc
    .moveTo(PAGE.margin, bottom - 4)
    .lineTo(PAGE.width - PAGE.margin, bottom - 4)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  return bottom;
}

function entryCells(entry: CertificateEntry): string[] {
  return [
    entry.title,
    servedLabel(entry),
    hoursLabel(entry.hours),
    String(entry.coins),
    entry.supervisorVerified ? "Supervisor-verified" : "Not verified",
  ];
}

/** The PDF, signed: the bytes pdfkit writes, then the line `%SEVA-SIGNATURE <keyId> <signature>`. */
export async function renderCertificatePdf(input: CertificatePdfInput, key: SigningKey): Promise<Buffer> {
  const { snapshot } = input;
  const issuedAt = new Date(snapshot.issuedAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: "en",
    displayTitle: true,
    info: {
      Title: `Certificate of Community Service · ${snapshot.holder.name}`,
      Author: snapshot.institution,
      Subject: `Certificate ${snapshot.code}`,
      Creator: "Seva",
      Producer: "Seva",
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  const record: SignedCertificateRecord = {
    algorithm: SIGNATURE_ALGORITHM,
    keyId: input.keyId,
    snapshot,
    signature: input.signature,
  };
  doc.file(Buffer.from(JSON.stringify(record, null, 2), "utf8"), {
    name: ATTACHMENT_NAME,
    type: "application/json",
    description: "The signed certificate record (Ed25519 over its RFC 8785 canonical snapshot)",
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  });

  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const revoked = input.revokedAt !== null;
  if (revoked) drawRevoked(doc);

  doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(ACCENT)
    .text(snapshot.institution, PAGE.margin, 48, { width: contentWidth, align: "center" });
  doc
    .font("Helvetica-Bold")
    .fontSize(26)
    .fillColor(INK)
    .text("Certificate of Community Service", PAGE.margin, 76, { width: contentWidth, align: "center" });
  doc
    .font("Helvetica")
    .fontSize(11)
    .fillColor(MUTED)
    .text("This certifies that", PAGE.margin, 124, { width: contentWidth, align: "center" });
  doc
    .font("Helvetica-Bold")
    .fontSize(22)
    .fillColor(INK)
    .text(snapshot.holder.name, PAGE.margin, 142, { width: contentWidth, align: "center" });
  let y = doc.y + 4;
  if (snapshot.holder.programme) {
    doc
      .font("Helvetica")
      .fontSize(11)
      .fillColor(MUTED)
      .text(snapshot.holder.programme, PAGE.margin, y, { width: contentWidth, align: "center" });
    y = doc.y;
  }
  doc
    .font("Helvetica")
    .fontSize(11)
    .fillColor(INK)
    .text(
      `completed ${hoursLabel(snapshot.totalHours)} approved hours of community service` +
        (snapshot.scope === "opportunity" ? " on the opportunity below." : ", as listed below."),
      PAGE.margin,
      y + 10,
      { width: contentWidth, align: "center" },
    );
  y = tableHeader(doc, doc.y + 22);

  const bottomLimit = PAGE.height - 230;
  for (const entry of snapshot.entries) {
    const cells = entryCells(entry);
    doc.font("Helvetica").fontSize(10);
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: (COLUMNS[index]?.width ?? 0) - CELL_GAP }),
        ),
      ) + 10;
    if (y + height > bottomLimit) {
      doc.addPage();
      if (revoked) drawRevoked(doc);
      y = tableHeader(doc, PAGE.margin);
    }
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      if (!column) return;
      doc
        .font(index === 0 ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor(index === 4 && entry.supervisorVerified ? ACCENT : INK)
        .text(cell, x, y, {
          width: column.width - CELL_GAP,
          align: "align" in column ? column.align : "left",
        });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(PAGE.margin, y - 5)
      .lineTo(PAGE.width - PAGE.margin, y - 5)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor(INK)
    .text(`Total approved hours: ${hoursLabel(snapshot.totalHours)}`, PAGE.margin, y + 6, {
      width: contentWidth - 90,
    })
    .font("Helvetica")
    .text(`Coins: ${snapshot.totalCoins}`, PAGE.margin + contentWidth - 180, y + 6, {
      width: 180,
      align: "right",
    });

  // The footer: what to check and where.
  const footerTop = PAGE.height - 190;
  const qrSize = 120;
  drawQrCode(doc, snapshot.verifyUrl, PAGE.width - PAGE.margin - qrSize, footerTop, qrSize);
  const textWidth = contentWidth - qrSize - 20;
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(`Issued on ${formatSchoolDay(snapshot.issuedAt)}`, PAGE.margin, footerTop, { width: textWidth })
    .moveDown(0.4)
    .text(`Certificate code: ${snapshot.code}`, { width: textWidth })
    .moveDown(0.4)
    .text("Verify at:", { width: textWidth })
    .fillColor(ACCENT)
    .text(snapshot.verifyUrl, { width: textWidth, link: snapshot.verifyUrl })
    .moveDown(0.6)
    .fillColor(MUTED)
    .fontSize(8)
    .text(
      `Signed with ${SIGNATURE_ALGORITHM} · key ${input.keyId}. The signed record is attached to this file ` +
        `(${ATTACHMENT_NAME}); the file itself is signed too, so any change to it fails the check. ` +
        "Scan the code or open the address to see whether it is still valid.",
      { width: textWidth },
    );
  if (revoked && input.revokedAt) {
    doc
      .moveDown(0.4)
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("#dc2626")
      .text(`REVOKED on ${formatSchoolDay(input.revokedAt)}`, { width: textWidth });
  }
  doc.end();
  await ended;
  let pdf = Buffer.concat(chunks);
  if (pdf[pdf.length - 1] !== 0x0a) pdf = Buffer.concat([pdf, Buffer.from("\n")]);
  return appendFileSignature(pdf, key.keyId, key.privateKey);
}
