#!/usr/bin/env python3
"""Extracts, from the iOS SDK's Objective-C headers, the facts of UIKit's Swift declarations that
Tests/UIKitSwift5Tests/SDKDeclarationFactsTests.swift holds uisim's own declarations to (issue 45 §2):
for each class and protocol, each member's kind, Objective-C name, Swift name where the header or the
importer's simple rules give it, the optionality of every object type (`?` nullable, `!` null_resettable
or unannotated outside NS_ASSUME_NONNULL, nothing for nonnull and scalars), settability, and for
initializers designated/required/failable. Facts only: no header text is kept.

    Scripts/sdk-declarations.py HEADERS_DIR [HEADERS_DIR…] > Tests/UIKitSwift5Tests/Fixtures/UIKit.facts

HEADERS_DIR is a framework's Headers folder of an iOS SDK (iOS 17.0: `fetch` github:itsnebulalol/sdks,
then `git archive HEAD iPhoneOS17.0.sdk/System/Library/Frameworks/UIKit.framework/Headers | tar x`).
Declarations unavailable on iOS, refined for Swift (`NS_REFINED_FOR_SWIFT`) or marked NS_UNAVAILABLE are
left out, as Swift does. The output is sorted, so a new SDK's facts diff cleanly against the old.

Format, one fact per line, fields separated by tabs (see the test for how each is compared):
    enum    SWIFT-NAME  C-NAME  enum|options  CASE[=VALUE],…
    class   NAME  SUPERCLASS  PROTOCOLS  [final]
    protocol NAME  PROTOCOLS
    member  TYPE  KIND  OBJC-NAME  SWIFT-NAME  RESULT  PARAMS  FLAGS
KIND is var, class-var, func, class-func, init; SWIFT-NAME is `-` where only the importer's full rules
would give it (methods are matched by their Objective-C pieces); RESULT and each comma-separated PARAM
are `Type` + optionality mark; FLAGS among readonly, designated, convenience, required, failable,
optional (a protocol's @optional), deprecated.
"""
import os
import re
import sys

NULLABLE = re.compile(r'\b(nullable|_Nullable|__nullable)\b')
NONNULL = re.compile(r'\b(nonnull|_Nonnull|__nonnull)\b')
UNSPECIFIED = re.compile(r'\b(null_unspecified|_Null_unspecified|__null_unspecified)\b')
UNAVAILABLE = re.compile(r'NS_UNAVAILABLE|UNAVAILABLE_ATTRIBUTE|NS_SWIFT_UNAVAILABLE|NS_REFINED_FOR_SWIFT|'
                         r'API_UNAVAILABLE\([^)]*\bios\b|__IOS_PROHIBITED|API_DEPRECATED_WITH_REPLACEMENT\([^)]*\)\s*API_UNAVAILABLE\([^)]*ios|'
                         r'NS_SWIFT_UNAVAILABLE_FROM_ASYNC_NEVER')
OBSOLETED_IOS = re.compile(r'obsoleted=|__IOS_UNAVAILABLE')
SWIFT_NAME = re.compile(r'NS_SWIFT_NAME\(([^()]*(?:\([^()]*\))?)\)')
SCALARS = {
    'BOOL': 'Bool', 'bool': 'Bool', 'NSInteger': 'Int', 'NSUInteger': 'Int', 'CGFloat': 'CGFloat', 'double': 'Double',
    'float': 'Float', 'int': 'Int32', 'NSTimeInterval': 'TimeInterval', 'void': 'Void', 'CGPoint': 'CGPoint',
    'CGSize': 'CGSize', 'CGRect': 'CGRect', 'CGAffineTransform': 'CGAffineTransform', 'NSRange': 'NSRange',
    'CATransform3D': 'CATransform3D', 'unichar': 'unichar', 'long': 'Int', 'SEL': 'Selector',
}
OBJECT_NAMES = {'NSString': 'String', 'NSArray': 'Array', 'NSMutableArray': 'NSMutableArray', 'NSDictionary': 'Dictionary',
                'NSSet': 'Set', 'NSNumber': 'NSNumber', 'NSURL': 'URL', 'NSData': 'Data', 'NSDate': 'Date',
                'NSIndexPath': 'IndexPath', 'NSIndexSet': 'IndexSet', 'NSLocale': 'Locale', 'NSUUID': 'UUID',
                'id': 'Any', 'Class': 'AnyClass', 'instancetype': 'Self', 'NSAttributedStringKey': 'NSAttributedString.Key'}


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def mark_for(decl_type, in_nonnull, attributes=''):
    """The Swift optionality mark of a C type as written in a declaration."""
    pointer = '*' in decl_type or '^' in decl_type or re.search(r'\b(id|Class|instancetype|SEL)\b', decl_type) \
        or re.search(r'\b(CG\w+Ref|CF\w+Ref|\w+Ref)\b', decl_type) or re.search(r'\bNS\w*(Key|Name|Identifier|Category|Style|Mode)\b', decl_type) \
        or re.search(r'\bUI\w*(Key|Name|Identifier|Category|Style|Mode|Scope)\b', decl_type) and 'UIUserInterfaceStyle' not in decl_type
    both = decl_type + ' ' + attributes
    if NULLABLE.search(both):
        return '?'
    if 'null_resettable' in attributes or UNSPECIFIED.search(both):
        return '!'
    if NONNULL.search(both):
        return ''
    if not pointer:
        return ''
    # A typedef'd string (UIContentSizeCategory, NSAttributedStringKey…) is a struct in Swift: no mark.
    if re.fullmatch(r'\s*(const\s+)?(UI|NS)\w*(Key|Name|Identifier|Category|Style|Mode|Scope)\s*', decl_type) and '*' not in decl_type:
        return ''
    return '' if in_nonnull else '!'


def swift_type(decl_type, mark):
    t = re.sub(r'\b(nullable|_Nullable|__nullable|nonnull|_Nonnull|__nonnull|null_unspecified|_Null_unspecified|'
               r'__kindof|const|NS_NOESCAPE|__unsafe_unretained|__weak|__strong|__autoreleasing|_Nullable_result)\b', ' ', decl_type)
    t = t.strip()
    if '^' in t:
        return 'Closure' + mark
    m = re.match(r'id\s*<\s*([\w\s,]+)>', t)
    if m:
        return m.group(1).split(',')[0].strip() + mark
    m = re.match(r'(\w+)', t)
    if not m:
        return '?' + mark
    name = m.group(1)
    if name in ('struct', 'enum', 'unsigned', 'signed'):
        rest = t.split(None, 1)
        name = re.match(r'(\w+)', rest[1]).group(1) if len(rest) > 1 else name
    name = SCALARS.get(name) or OBJECT_NAMES.get(name) or name
    return name + mark


class Header:
    def __init__(self, path):
        raw = open(path, encoding='utf-8', errors='replace').read()
        text = strip_comments(raw)
        # Preprocessor lines go; both branches of an #if are kept (members repeat at worst).
        text = re.sub(r'^\s*#[^\n]*(\\\n[^\n]*)*', '', text, flags=re.M)
        self.text = text
        # Where NS_ASSUME_NONNULL holds, as ranges of the text.
        self.nonnull = []
        start = None
        for m in re.finditer(r'NS_ASSUME_NONNULL_(BEGIN|END)|NS_HEADER_AUDIT_(BEGIN|END)\(nullability[^)]*\)', text):
            if 'BEGIN' in m.group(0):
                start = m.end()
            elif start is not None:
                self.nonnull.append((start, m.start()))
                start = None
        if start is not None:
            self.nonnull.append((start, len(text)))

    def in_nonnull(self, offset):
        return any(a <= offset < b for a, b in self.nonnull)


HEAD = re.compile(r'@(interface|protocol)\s+(\w+)\s*(?:<[^>:]*>(?=\s*[:(]))?(?:\(\s*(\w*)\s*\))?\s*(?::\s*(\w+))?\s*(?:<([^>]*)>)?')


def blocks(text):
    """Each @interface or @protocol with the 200 characters before it (its attributes) and its body."""
    for m in HEAD.finditer(text):
        end = text.find('@end', m.end())
        if end == -1:
            continue
        before = text[max(0, m.start() - 200):m.start()]
        before = before[before.rfind(';') + 1:]
        yield before, m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), text[m.end():end], m.end()


def members(body):
    """Statements of an @interface or @protocol body, with their offsets, ivar braces removed."""
    body_text = body
    depth_start = body_text.find('{')
    if depth_start != -1 and body_text[:depth_start].strip() == '':
        end = body_text.find('}', depth_start)
        body_text = ' ' * (end + 1) + body_text[end + 1:]
    required = True
    pos = 0
    for m in re.finditer(r'@optional|@required|@property[^;]*;|[-+]\s*\([^;]*;', body_text, flags=re.S):
        s = m.group(0)
        if s == '@optional':
            required = False
            continue
        if s == '@required':
            required = True
            continue
        yield m.start(), s, required


def property_fact(stmt, nonnull, type_name, is_final):
    m = re.match(r'@property\s*(\(([^)]*)\))?\s*(.*);', stmt, re.S)
    attrs = [a.strip() for a in (m.group(2) or '').split(',')]
    rest = m.group(3).strip()
    if UNAVAILABLE.search(rest):
        return None
    swift_name = SWIFT_NAME.search(rest)
    rest_clean = re.sub(r'\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\b(\((?:[^()]|\([^()]*\))*\))?', ' ', rest).strip()
    name_m = re.search(r'(\w+)\s*$', rest_clean)
    if not name_m:
        return None
    name = name_m.group(1)
    decl_type = rest_clean[:name_m.start()].strip()
    if decl_type.endswith(')') and '^' in decl_type:  # a block property: void (^name)(…)
        pass
    block = re.search(r'\(\s*\^\s*(?:\w+\s+)?(\w+)\s*\)', rest_clean)
    if block:
        name = block.group(1)
        decl_type = '^block ' + ('nullable' if 'nullable' in attrs or NULLABLE.search(rest_clean) else '')
    getter = next((a.split('=')[1].strip() for a in attrs if a.startswith('getter')), None)
    is_class = 'class' in attrs
    mark = mark_for(decl_type, nonnull, ' '.join(attrs))
    s_type = swift_type(decl_type, mark)
    if swift_name:
        swift = swift_name.group(1).split('.')[-1]
    elif getter and s_type.rstrip('?!') == 'Bool':
        swift = getter
    else:
        swift = name
        if is_class and (s_type.rstrip('?!') in (type_name, 'Self')):
            swift = prune_type_words(name, type_name)
    swift = lower_leading_acronym(swift)
    flags = []
    if 'readonly' in attrs:
        flags.append('readonly')
    if 'API_DEPRECATED' in rest:
        flags.append('deprecated')
    kind = 'class-var' if is_class else 'var'
    return (kind, name, swift, s_type, '', flags)


def lower_leading_acronym(name):
    """The importer lowercases a property's leading acronym: URL → url, URLs → urls, URLString → urlString."""
    m = re.match(r'[A-Z]+', name)
    if not m or len(m.group(0)) < 2:
        return name
    run, rest = m.group(0), name[len(m.group(0)):]
    if rest and rest[0].islower() and rest != 's':
        return run[:-1].lower() + run[-1] + rest
    return run.lower() + rest


def camel_words(name):
    return re.findall(r'[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]', name)


def prune_type_words(name, type_name):
    """`systemBlueColor` of UIColor → `systemBlue`, `mainScreen` of UIScreen → `main`: the type's
    trailing words leave a class property that returns its own class (the importer's rule)."""
    type_words = camel_words(re.sub(r'^(UI|NS|CA)', '', type_name))
    words = camel_words(name)
    for n in range(len(type_words), 0, -1):
        tail = type_words[-n:]
        if len(words) > n and [w.lower() for w in words[-n:]] == [w.lower() for w in tail]:
            return ''.join(words[:-n])
    return name


def method_fact(stmt, nonnull, type_name, in_protocol):
    if UNAVAILABLE.search(stmt):
        return None
    m = re.match(r'([-+])\s*\(((?:[^()]|\([^()]*\))*)\)\s*(.*);', stmt, re.S)
    if not m:
        return None
    is_class = m.group(1) == '+'
    ret = m.group(2).strip()
    rest = m.group(3)
    swift_name = SWIFT_NAME.search(rest)
    designated = 'NS_DESIGNATED_INITIALIZER' in rest
    deprecated = 'API_DEPRECATED' in rest or 'NS_DEPRECATED' in rest
    # The selector's pieces and each parameter's type.
    pieces = []
    params = []
    for pm in re.finditer(r'(\w+)\s*:\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)\s*(\w+)', rest):
        pieces.append(pm.group(1))
        params.append(pm.group(2))
    if not pieces:
        sel_m = re.match(r'\s*(\w+)', rest)
        if not sel_m:
            return None
        selector = sel_m.group(1)
    else:
        selector = ''.join(p + ':' for p in pieces)
    if 'NS_REQUIRES_NIL_TERMINATION' in rest or '...' in rest:
        return None
    ret_mark = mark_for(ret, nonnull)
    ret_type = swift_type(ret, ret_mark)
    param_types = [swift_type(p, mark_for(p, nonnull)) for p in params]
    flags = ['deprecated'] if deprecated else []
    swift = swift_name.group(1) if swift_name else '-'
    kind = 'class-func' if is_class else 'func'
    words = camel_words(re.sub(r'^(UI|NS|CA)', '', type_name))
    factory_prefix = None
    for n in range(len(words)):
        candidate = ''.join(words[n:])
        candidate = candidate[0].lower() + candidate[1:]
        after = selector[len(candidate):]
        if selector.startswith(candidate) and (after.startswith('With') or after[:1].isupper()):
            factory_prefix = candidate
            break
    if not is_class and selector.startswith('init') and (len(selector) == 4 or selector[4] in 'W:'):
        kind = 'init'
    elif is_class and ret.replace('nullable', '').replace('__kindof', '').strip().rstrip('*').strip() in ('instancetype', type_name) \
            and factory_prefix and not swift_name:
        # A factory method imported as a convenience initializer: +buttonWithType: → init(type:).
        kind = 'init'
        selector = 'init' + selector[len(factory_prefix):]
        flags.append('convenience')
    if kind == 'init':
        if swift_name and not swift_name.group(1).startswith('init'):
            kind = 'class-func' if is_class else 'func'
        else:
            if 'nullable' in ret or '_Nullable' in ret:
                flags.append('failable')
            if designated:
                flags.append('designated')
            ret_type = 'Self'
    return (kind, selector, swift, ret_type, ','.join(param_types), flags)


ENUM = re.compile(r'typedef\s+(NS_ENUM|NS_CLOSED_ENUM|NS_OPTIONS|NS_ERROR_ENUM)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*\{(.*?)\}([^;]*);', re.S)


def split_top_level(text):
    """`text` split at its commas outside parentheses (API_UNAVAILABLE(tvos, watchos) stays whole)."""
    items, depth, current = [], 0, ''
    for c in text:
        if c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
        if c == ',' and depth == 0:
            items.append(current)
            current = ''
        else:
            current += c
    items.append(current)
    return items


def enum_facts(text):
    """Each NS_ENUM / NS_OPTIONS of a header: its name, kind, the Swift names of its cases (the
    words all cases share dropped, as the importer drops them) and their values where a literal
    gives them (an enum's unwritten values count on from the last)."""
    out = []
    for m in ENUM.finditer(text):
        kind, _, name, body, after = m.groups()
        if UNAVAILABLE.search(after):
            continue
        swift_name = SWIFT_NAME.search(after)
        cases = []
        value = -1
        for item in split_top_level(body):
            item = item.strip()
            cm = re.match(r'(\w+)(.*)', item, re.S)
            if not cm:
                continue
            case, rest = cm.groups()
            if UNAVAILABLE.search(rest):
                # Still counts for the next value.
                vm = re.search(r'=\s*(-?\d+|0x[0-9A-Fa-f]+)\s*$', rest.strip())
                value = int(vm.group(1), 0) if vm else value + 1
                continue
            vm = re.search(r'=\s*(.+)$', rest.strip(), re.S)
            literal = None
            if vm:
                expr = re.sub(r'\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\b(\((?:[^()]|\([^()]*\))*\))?', '', vm.group(1)).strip()
                try:
                    literal = int(eval(expr, {'__builtins__': {}}, {})) if re.fullmatch(r'[-0-9xXa-fA-F<> ()|+]+', expr) else None
                except Exception:
                    literal = None
            else:
                expr = re.sub(r'\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\b(\((?:[^()]|\([^()]*\))*\))?', '', rest).strip()
                vm2 = re.match(r'=\s*(.+)', expr)
                if vm2:
                    try:
                        literal = int(eval(vm2.group(1), {'__builtins__': {}}, {}))
                    except Exception:
                        literal = None
                elif kind != 'NS_OPTIONS':
                    literal = value + 1
            if literal is None and vm:
                # An alias of an earlier case (UIButtonTypeRoundedRect = UIButtonTypeSystem).
                literal = dict(cases).get(vm.group(1).strip())
            if literal is not None:
                value = literal
            cases.append((case, literal))
        if not cases:
            continue
        names = [c for c, _ in cases]
        # The words every case shares with the others and with the type's name (a plural
        # `UIControlEvents` shares `Event`): `UICollectionViewFlowLayoutSectionInsetFromSafeArea`
        # of `…SectionInsetReference` keeps `from`.
        words = [camel_words(c) for c in names] + [camel_words(name)]
        common = 0
        while all(len(w) > common for w in words) and len({w[common].rstrip('s') for w in words}) == 1:
            common += 1
        # A case that would be left empty keeps its last word.
        if any(len(camel_words(c)) <= common for c in names):
            common -= 1
        swift_cases = []
        for c, v in cases:
            rest = camel_words(c)[common:]
            first = rest[0]
            first = first.lower() if first.isupper() else first[0].lower() + first[1:]
            swift_cases.append((first + ''.join(rest[1:]), v))
        out.append((name, swift_name.group(1) if swift_name else None, kind, swift_cases))
    return out


def read_apinotes(path):
    """The Swift-4-and-later part of an .apinotes file: renames, nullability and availability of
    members (keyed by class or protocol, kind, selector or property name) and of globals."""
    members = {}
    globals_ = {}
    renames = {}
    typedef_names = {}
    section = None
    owner = None
    list_kind = None
    entry = None
    for raw in open(path, encoding='utf-8'):
        line = raw.rstrip('\n')
        if line.startswith('SwiftVersions:'):
            break
        if not line.strip() or line.lstrip().startswith('#') or line.startswith('---'):
            continue
        indent = len(line) - len(line.lstrip())
        text = line.strip()
        if indent == 0 and text.endswith(':') and not text.startswith('-'):
            section = text[:-1]
            owner = None
            continue
        key, _, value = text.lstrip('- ').partition(':')
        value = value.strip().strip('\'"')
        if section in ('Classes', 'Protocols'):
            if indent == 0 and text.startswith('- Name:'):
                owner = value
                entry = None
            elif indent == 2 and text.endswith(':') and not text.startswith('-'):
                list_kind = key
            elif indent == 2 and key == 'SwiftName' and not text.startswith('-'):
                renames[(section == 'Protocols', owner)] = value
            elif indent == 2 and text.startswith('- '):
                entry = {'kind': list_kind, key: value}
                members.setdefault(owner, []).append(entry)
            elif indent >= 4 and entry is not None:
                entry[key] = value
        elif section in ('Typedefs', 'Tags'):
            if text.startswith('- Name:'):
                entry = {'Name': value}
                typedef_names[value] = entry
            elif entry is not None:
                entry[key] = value
        elif section in ('Globals', 'Enumerators'):
            if text.startswith('- Name:'):
                entry = {'Name': value, 'section': section}
                globals_[value] = entry
            elif entry is not None:
                entry[key] = value
    members[None] = renames
    globals_[None] = typedef_names
    return members, globals_


# Renames the importer makes by pruning and pluralizing (no header or API note spells them);
# each checked against Apple's documentation of the Swift symbol.
IMPORTER_RENAMES = {
    ('UIViewController', 'childViewControllers'): 'children',
}

# Types Swift's ObjectiveC module gives where objc/NSObject.h, not audited for nullability, says
# nothing (Apple's documentation: NSObjectProtocol.description is `var description: String { get }`).
IMPORTER_TYPES = {
    ('NSObjectProtocol', 'description'): 'String',
    ('NSObjectProtocol', 'debugDescription'): 'String',
    ('NSObjectProtocol', 'isEqual:'): 'Bool',
}

NULLABILITY = {'O': '?', 'N': '', 'U': '!', 'S': '!'}


def main(dirs):
    classes = {}
    protocols = {}
    facts = {}
    coding = set()
    adopted = {}
    notes = {}
    global_notes = {}
    type_renames = {}
    typedef_notes = {}
    enums = []
    paths = []
    for d in dirs:
        names = sorted(os.listdir(d)) if os.path.isdir(d) else [os.path.basename(d)]
        folder = d if os.path.isdir(d) else os.path.dirname(d)
        for name in names:
            if name.endswith('.apinotes'):
                m, g = read_apinotes(os.path.join(folder, name))
                type_renames.update(m.pop(None))
                typedef_notes.update(g.pop(None))
                for k, v in m.items():
                    notes.setdefault(k, []).extend(v)
                global_notes.update(g)
            elif name.endswith('.h'):
                paths.append(os.path.join(folder, name))
    global_types = {}
    for path in paths:
            header = Header(path)
            enums.extend(enum_facts(header.text))
            for gm in re.finditer(r'(?:UIKIT_EXTERN|FOUNDATION_EXPORT|CA_EXTERN|extern|static)\s+(?:const\s+)?(\w+)\s*(\*?)\s*(?:const\s+)?(\w+)((?:\s+[A-Z_]+(?:\((?:[^()]|\([^()]*\))*\))?)*)\s*(?:=[^;]*)?;', header.text):
                if not UNAVAILABLE.search(gm.group(4)):
                    global_types[gm.group(3)] = (gm.group(1), gm.group(4))
            for prefix, kind, type_name, category, superclass, protos, body, body_offset in blocks(header.text):
                if kind == 'protocol' and re.match(r'\s*;', body or ''):
                    continue
                renamed = SWIFT_NAME.search(prefix)
                if renamed and category is None:
                    # NS_SWIFT_NAME on the class: Swift knows it by that name.
                    type_name = renamed.group(1)
                # Renamed by API notes (UICollectionViewDiffableDataSource is UICollectionViewDiffableDataSourceReference,
                # the Swift overlay declaring the other; the protocol NSObject is NSObjectProtocol).
                type_name = type_renames.get((kind == 'protocol', type_name), type_name)
                if protos:
                    protos = ','.join(type_renames.get((True, p.strip()), p.strip()) for p in protos.split(','))
                if kind == 'interface':
                    if category is None:
                        final = 'UIKIT_FINAL' in prefix or 'objc_subclassing_restricted' in prefix
                        classes[type_name] = (superclass or '-', final)
                    adopted.setdefault(type_name, set()).update(p.strip() for p in (protos or '').split(',') if p.strip())
                    if protos and re.search(r'\bNSCoding\b|\bNSSecureCoding\b', protos):
                        coding.add(type_name)
                else:
                    protocols[type_name] = True
                    adopted.setdefault(type_name, set()).update(p.strip() for p in (protos or '').split(',') if p.strip())
                for offset, stmt, required in members(body):
                    nonnull = header.in_nonnull(body_offset + offset)
                    if stmt.startswith('@property'):
                        fact = property_fact(stmt, nonnull, type_name, False)
                    else:
                        fact = method_fact(stmt, nonnull, type_name, kind == 'protocol')
                    if fact is None:
                        continue
                    member_kind, objc, swift, result, params, flags = fact
                    note = note_for(notes, type_name, member_kind, objc)
                    if note:
                        if note.get('Availability') == 'nonswift':
                            continue
                        if note.get('SwiftPrivate') == 'true':
                            # Hidden as __name; the Swift overlay declares the member in Swift (in an
                            # extension, with Swift's types): only its name is a fact here.
                            flags = flags + ['overlay']
                        if 'SwiftName' in note:
                            swift = note['SwiftName']
                            if member_kind == 'init' and not swift.startswith('init'):
                                member_kind = 'func'
                        if 'Nullability' in note and member_kind in ('var', 'class-var'):
                            result = result.rstrip('?!') + NULLABILITY.get(note['Nullability'], '')
                        if 'NullabilityOfRet' in note:
                            result = result.rstrip('?!') + NULLABILITY.get(note['NullabilityOfRet'], '')
                    swift = IMPORTER_RENAMES.get((type_name, objc), swift)
                    result = IMPORTER_TYPES.get((type_name, objc), result)
                    if kind == 'protocol' and not required:
                        flags = flags + ['optional']
                    key = (type_name, member_kind, objc, params)
                    if key in facts and member_kind in ('var', 'class-var'):
                        # Redeclared readwrite (UIGestureRecognizerSubclass.h's state): settable.
                        old = facts[key]
                        if 'readonly' not in flags or 'readonly' not in old[2]:
                            facts[key] = (old[0], old[1], [f for f in old[2] if f != 'readonly'])
                        continue
                    facts.setdefault(key, (swift, result, flags))
    # An enumerator the API notes make a type's member (UISegmentedControlNoSegment → UISegmentedControl.noSegment).
    for name, note in global_notes.items():
        if note.get('section') == 'Enumerators' and name not in global_types:
            global_types[name] = ('NSInteger', '')
    # Globals the API notes or NS_SWIFT_NAME make members of a type (UIResponder.keyboardWillShowNotification):
    # static constants, not overridable.
    for name, (c_type, rest) in global_types.items():
        swift_name = SWIFT_NAME.search(rest)
        note = global_notes.get(name, {})
        target = note.get('SwiftName') or (swift_name.group(1) if swift_name else None)
        if not target or '.' not in target or '(' in target:
            continue
        owner, member = target.rsplit('.', 1)
        if owner not in classes and owner not in protocols:
            continue
        facts.setdefault((owner, 'class-var', name, ''), (member, swift_type(c_type, ''), ['constant', 'readonly']))
    out = []
    # Enumerations by their Swift names (UIControlState is UIControl.State): each case and value.
    for name, swift_name, kind, cases in enums:
        note = typedef_notes.get(name, {})
        swift = note.get('SwiftName') or swift_name or name
        out.append('\t'.join(['enum', swift, name, 'options' if kind == 'NS_OPTIONS' else 'enum',
                              ','.join(c + ('=' + str(v) if v is not None else '') for c, v in cases)]))
    for name, (superclass, final) in classes.items():
        out.append('\t'.join(['class', name, superclass, ','.join(sorted(adopted.get(name, ()))) or '-'] + (['final'] if final else [])))
    for name in protocols:
        out.append('\t'.join(['protocol', name, ','.join(sorted(adopted.get(name, ()))) or '-']))
    # A class that marks designated initializers imports its others as convenience initializers.
    designating = {t for (t, k, _, _), (_, _, f) in facts.items() if k == 'init' and 'designated' in f}

    def codes(name):
        seen = set()
        while name in classes and name not in seen:
            if name in coding:
                return True
            seen.add(name)
            name = classes[name][0]
        return False
    for (type_name, kind, objc, params), (swift, result, flags) in facts.items():
        if kind == 'init' and objc == 'initWithCoder:' and codes(type_name):
            flags = flags + ['required']
        if kind == 'init' and type_name in designating and 'designated' not in flags:
            flags = flags + ['convenience']
        out.append('\t'.join(['member', type_name, kind, objc, swift, result, params or '-', ','.join(sorted(set(flags))) or '-']))
    print('# Generated by Scripts/sdk-declarations.py from the iOS SDK headers; facts only. Do not edit by hand.')
    for line in sorted(out):
        print(line)


def note_for(notes, type_name, kind, objc):
    for entry in notes.get(type_name, []):
        if entry['kind'] == 'Methods' and kind in ('func', 'class-func', 'init'):
            if entry.get('Selector') == objc or (kind == 'init' and entry.get('Selector', '').endswith(objc[4:]) and objc != 'init'):
                method_kind = entry.get('MethodKind', 'Instance')
                if (method_kind == 'Class') == (kind == 'class-func') or kind == 'init':
                    return entry
        if entry['kind'] == 'Properties' and kind in ('var', 'class-var') and entry.get('Name') == objc:
            return entry
    return None


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit('usage: sdk-declarations.py HEADERS_DIR [HEADERS_DIR…]')
    main(sys.argv[1:])
