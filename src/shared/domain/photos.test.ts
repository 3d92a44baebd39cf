import { describe, expect, it } from "vitest";
import { isBundledPhotoPath, photoAddressForField, photoPathFromField } from "./photos";

describe("bundled photos", () => {
  it("names only a .webp file directly under /photos", () => {
    expect(isBundledPhotoPath("/photos/lake-pier.webp")).toBe(true);
    for (const other of [
      "/photos/../index.html",
      "/photos/lake-pier.png",
      "//evil.example/photos/a.webp",
      "/photos/a/b.webp",
      "photos/lake-pier.webp",
      "/photos/Lake.webp",
      "/photos/lake.webp?x=1",
    ]) {
      expect(isBundledPhotoPath(other), other).toBe(false);
    }
  });

  it("shows a bundled photo as an address on the page's origin and stores it back as its path", () => {
    const origin = "http://127.0.0.1:5000";
    const address = photoAddressForField("/photos/lake-pier.webp", origin);
    expect(address).toBe("http://127.0.0.1:5000/photos/lake-pier.webp");
    expect(photoPathFromField(address, origin)).toBe("/photos/lake-pier.webp");
    expect(photoAddressForField("https://cdn.example/a.jpg", origin)).toBe("https://cdn.example/a.jpg");
    expect(photoPathFromField("https://cdn.example/photos/a.webp", origin)).toBe(
      "https://cdn.example/photos/a.webp",
    );
    expect(photoPathFromField("http://127.0.0.1:5000/other/a.webp", origin)).toBe(
      "http://127.0.0.1:5000/other/a.webp",
    );
  });
});
