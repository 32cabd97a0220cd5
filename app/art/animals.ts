/** The animals of the traditional compositions: the horse, the dog, the lion and the sphinx. */
import { starPoints, type Role, type Scene } from "./scene";

export function horse(s: Scene, x: number, base: number, size: number, facing: 1 | -1, role: Role = "pale", mane: Role = "stone2", rearing = false) {
  s.save();
  s.translate(x, base).scale((facing * size) / 100, size / 100);
  if (rearing) s.rotate(-14, -40, 0);
  s.path((b) => b.m(-72, -92).c(-92, -85, -98, -55, -90, -28).l(-82, -32).c(-84, -58, -80, -78, -68, -86).z(), { fill: mane });
  s.path(
    (b) =>
      b
        .m(-70, -98)
        .c(-40, -108, 10, -104, 40, -98)
        .c(55, -110, 68, -135, 78, -152)
        .l(82, -166)
        .l(88, -152)
        .c(100, -140, 112, -122, 118, -110)
        .c(121, -103, 113, -98, 104, -102)
        .c(92, -110, 82, -112, 72, -104)
        .c(66, -92, 62, -80, 58, -70)
        .l(60, -30)
        .l(63, 0)
        .l(52, 0)
        .l(48, -30)
        .l(45, -55)
        .l(38, -55)
        .l(38, -30)
        .l(37, 0)
        .l(27, 0)
        .l(26, -30)
        .l(24, -56)
        .c(5, -52, -20, -52, -38, -56)
        .l(-37, -28)
        .l(-34, 0)
        .l(-44, 0)
        .l(-48, -28)
        .l(-50, -50)
        .l(-56, -50)
        .l(-56, -28)
        .l(-53, 0)
        .l(-63, 0)
        .l(-67, -30)
        .l(-72, -60)
        .c(-78, -72, -78, -88, -70, -98)
        .z(),
    { fill: role },
  );
  s.path((b) => b.m(40, -98).c(55, -112, 66, -134, 76, -150).l(66, -146).c(58, -130, 48, -114, 30, -100).z(), { fill: mane });
  s.circle(92, -134, 3, { fill: "dark", bare: true });
  s.restore();
}

export function dog(s: Scene, x: number, base: number, size: number, facing: 1 | -1, role: Role = "pale", pose: "stand" | "leap" | "howl" = "stand") {
  s.save();
  s.translate(x, base).scale((facing * size) / 60, size / 60);
  if (pose === "leap") s.rotate(-18, 0, -20);
  if (pose === "howl") s.rotate(-8, 0, 0);
  const head =
    pose === "howl"
      ? [24, -44, 30, -70, 34, -72, 36, -60, 48, -74, 50, -68, 38, -50, 30, -34]
      : [24, -40, 26, -52, 30, -60, 34, -50, 46, -46, 46, -40, 32, -36, 28, -30];
  s.poly([-32, -30, -10, -34, 14, -34, ...head, 26, -20, 28, 0, 22, 0, 20, -16, -18, -18, -20, 0, -26, 0, -30, -20, -40, -40, -36, -42], { fill: role });
  s.restore();
}

/** A lion lying down, head towards `facing`. */
export function lion(s: Scene, x: number, base: number, size: number, facing: 1 | -1, body: Role = "gold", mane: Role = "fire") {
  s.save();
  s.translate(x, base).scale((facing * size) / 100, size / 100);
  s.path((b) => b.m(-95, -20).c(-120, -30, -125, -70, -105, -70).c(-112, -55, -108, -38, -92, -34).z(), { fill: body });
  s.path((b) => b.m(-90, 0).c(-100, -40, -80, -68, -40, -70).l(20, -70).c(40, -70, 50, -50, 52, -20).l(70, -10).l(72, 0).z(), { fill: body });
  s.poly(starPoints(45, -80, 48, 36, 12), { fill: mane });
  s.circle(48, -80, 30, { fill: body });
  s.circle(36, -90, 3.5, { fill: "dark", bare: true });
  s.circle(58, -90, 3.5, { fill: "dark", bare: true });
  s.poly([47, -78, 41, -70, 53, -70], { fill: "dark", bare: true });
  s.path((b) => b.m(38, -62).q(47, -56, 56, -62), { stroke: "dark", w: 2.5 });
  s.ellipse(70, -4, 16, 7, { fill: body });
  s.restore();
}

/** A recumbent sphinx: lion body with a headdressed head. */
export function sphinx(s: Scene, x: number, base: number, size: number, facing: 1 | -1, role: Role) {
  s.save();
  s.translate(x, base).scale((facing * size) / 100, size / 100);
  s.path((b) => b.m(-80, 0).c(-88, -30, -70, -52, -40, -52).l(18, -52).l(30, -36).l(64, -10).l(66, 0).z(), { fill: role });
  s.poly([10, -52, 8, -92, 26, -112, 46, -92, 44, -52, 30, -36], { fill: role });
  s.poly([14, -100, 8, -68, 18, -60, 26, -96], { fill: role === "dark" ? "stone2" : "stone", op: 0.9 });
  s.circle(28, -86, 13, { fill: "skin" });
  s.restore();
}
