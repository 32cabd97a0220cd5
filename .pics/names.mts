import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire("/work/wt-size/package.json");
const { woffToSfnt } = await import("../app/media/woff.ts");
for (const f of ["cormorant-garamond-latin-600-italic.woff","cormorant-garamond-latin-600-normal.woff"]) {
  const b = await woffToSfnt(new Uint8Array(readFileSync(require.resolve(`@fontsource/cormorant-garamond/files/${f}`))).buffer);
  const v = new DataView(b.buffer, b.byteOffset);
  const n = v.getUint16(4); const t: any = {};
  for (let i = 0; i < n; i++) { const tg = String.fromCharCode(...b.slice(12+i*16, 16+i*16)); t[tg] = v.getUint32(12+i*16+8); }
  console.log(f, Object.keys(t).join(","));
  const name = t["name"]; const cnt = v.getUint16(name+2); const so = name + v.getUint16(name+4);
  for (let i=0;i<cnt;i++){ const r=name+6+i*12; const pid=v.getUint16(r), nid=v.getUint16(r+6), len=v.getUint16(r+8), off=v.getUint16(r+10);
    if (nid>6 && nid!==16 && nid!==17) continue; const bytes=b.slice(so+off, so+off+len); let s=""; if(pid===3||pid===0){for(let k=0;k<len;k+=2)s+=String.fromCharCode(bytes[k]*256+bytes[k+1]);} else s=String.fromCharCode(...bytes); console.log(pid,nid,s);}
  const os2=t["OS/2"]; console.log("weight", v.getUint16(os2+4), "fsSelection", v.getUint16(os2+62).toString(2), "macStyle", v.getUint16(t["head"]+44));
  const gsub=t["GSUB"]; if(gsub){ const fl=gsub+v.getUint16(gsub+6); const fc=v.getUint16(fl); const tags=[]; for(let i=0;i<fc;i++) tags.push(String.fromCharCode(...b.slice(fl+2+i*6, fl+6+i*6))); console.log("features", [...new Set(tags)].join(","));}
}
