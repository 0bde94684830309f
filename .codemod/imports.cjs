const fs=require('fs');const lines=require('fs').readFileSync(0,'utf8').split('\n')
const byFile=new Map()
for(const l of lines){const m=l.match(/^(\S+)\((\d+),\d+\): error TS\d+: (?:'(\w+)' is declared but its value is never read|All imports in import declaration are unused)/);if(!m)continue
 const f=m[1];if(!byFile.has(f))byFile.set(f,[]);byFile.get(f).push({line:+m[2],name:m[3]})}
for(const [f,items] of byFile){const t=fs.readFileSync(f,'utf8').split('\n')
 for(const {line,name} of items){const i=line-1;const l=t[i];if(!/^import /.test(l)||!/storage\/db'|'\.\.?\/db'|\.\.\/db'/.test(l)){console.log('skip',f,line,l);continue}
  if(!name){t[i]=null;continue}
  let n=l.replace(new RegExp(`(type )?\\b${name}\\b,? ?`),'').replace(/\{ *,? *\}/,'{}').replace(/, \}/,' }')
  if(/import (type )?\{\s*\} from/.test(n)) n=null
  t[i]=n}
 fs.writeFileSync(f,t.filter(x=>x!==null).join('\n'))}
