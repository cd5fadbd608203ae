import QRCode from "qrcode";

/** The QR code of `url` as an SVG data: URL (what `qrUrl` is): no request, nothing to leak by id. */
export async function qrImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
