import { HEADER_ORIGIN, HEADER_TOKEN } from '../src/contract/envelope'
import { PAGE_FIRST_CALLS, type FirstCall } from '../src/contract/homeCalls'

/**
 * A page's first calls started by index.html itself (issue 15; Home, Membership card and Me: PAGE_FIRST_CALLS). Without this, the four calls Home makes leave
 * only after the vendor, app and Home scripts have downloaded and run (~1.2 s of a slow phone's first load); with
 * it they leave as the document is parsed, and the app's H5 transport (src/platform/transport.h5.ts) takes each
 * answer by its URL instead of asking again.
 *
 * The script builds the URL exactly as the request client does (src/core/request.ts + withQuery: the payload's
 * fields, then the stored referral, then `lang`) from the same storage (Taro's H5 storage: localStorage,
 * `{"data": value}`), and sends the same headers. Anything it cannot read leaves the app to ask as usual. It is
 * ES5, written by hand: it runs before any polyfill and is not part of the webpack build (check:es does not
 * see it; a jest test parses it at ES2019 and runs it against the client).
 */
export function earlyScript(firstCalls: readonly FirstCall[]): string {
  const calls = JSON.stringify(firstCalls)
  return [
    '(function(){try{',
    'var read=function(k){try{var v=localStorage.getItem(k);return v?JSON.parse(v).data:undefined}catch(e){return undefined}};',
    "var lang=read('lang')==='en'?'en':'zh',share=read('share_user_user_id'),token=read('token');",
    // A launch link's referral is what the app stores at start (src/core/launch.ts): the same rule here.
    "var m=/[?&]share_user_user_id=([A-Za-z0-9_-]{1,64})(&|#|$)/.exec(location.search);if(m)share=m[1];",
    "if(!((typeof share==='string'&&share!=='')||(typeof share==='number'&&isFinite(share))))share=undefined;",
    "if(typeof token!=='string')token='';",
    "var city=read('city');city=city&&typeof city.id==='number'&&city.id%1===0&&typeof city.name==='string'?city.id:undefined;",
    'var early=window.__ocpEarly={},calls=' + calls + ';',
    'for(var i=0;i<calls.length;i++){',
    'var data=calls[i][1],q=[];',
    'if(calls[i][2]==="signedIn"&&!token)continue;',
    'if(calls[i][2]==="inCity"&&city!==undefined)q.push("city_id="+city);',
    'for(var k in data)q.push(encodeURIComponent(k)+"="+encodeURIComponent(String(data[k])));',
    'if(share!==undefined)q.push("share_user_user_id="+encodeURIComponent(String(share)));',
    'q.push("lang="+lang);',
    'var url="/api/"+calls[i][0]+"?"+q.join("&"),headers={};',
    `headers[${JSON.stringify(HEADER_TOKEN)}]=token;headers[${JSON.stringify(HEADER_ORIGIN)}]="";`,
    'var entry=early[url]={at:Date.now()};',
    'entry.res=fetch(url,{method:"GET",headers:headers,credentials:"same-origin"});',
    // The answer kept as it arrives, so Home's first render can show it without waiting a turn (transport ready()).
    '(function(entry){entry.res.then(function(r){var h={};r.headers.forEach(function(v,n){h[n]=v});return r.clone().text().then(function(t){entry.got={status:r.status,text:t,headers:h}})})["catch"](function(){})})(entry);',
    '}}catch(e){}})()',
  ].join('')
}

/** index.html for a page with its first calls (if it has some: PAGE_FIRST_CALLS) started in <head>, before its scripts are even asked for. */
export function withEarlyCalls(html: string, page: string): string {
  const calls = PAGE_FIRST_CALLS[page]
  return calls ? html.replace('<head>', `<head><script>${earlyScript(calls)}</script>`) : html
}
