const { Parser, Language } = require('web-tree-sitter');
const fs = require('fs');
const [,, grammar, file] = process.argv;
const wasm = { kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm', groovy: 'tree-sitter-groovy/tree-sitter-groovy.wasm', java: 'tree-sitter-java/tree-sitter-java.wasm' }[grammar];
(async () => {
  await Parser.init();
  const p = new Parser(); p.setLanguage(await Language.load(require.resolve(wasm)));
  const tree = p.parse(fs.readFileSync(file, 'utf8'));
  const show = (n, d) => { console.log(' '.repeat(d*2) + (n.isNamed ? n.type : JSON.stringify(n.type)) + (n.childCount === 0 ? ' ' + JSON.stringify(n.text) : '') + (p.language.fieldNameForChild ? '' : '')); for (let i = 0; i < n.childCount; i++) { const f = n.fieldNameForChild(i); if (f) process.stdout.write(' '.repeat(d*2+2) + f + ':\n'); show(n.child(i), d + 1); } };
  show(tree.rootNode, 0);
})();
