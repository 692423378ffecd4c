# benchreport: plain make. `make help` lists the targets.
#
# Every build target first checks that the Debian packages it needs are
# installed and installs the missing ones (make deps), so a fresh machine
# needs no other step.

PREFIX ?= /usr/local
CC ?= cc
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 10
FUZZ_MAX_LEN ?= 2097152
FUZZ_JOBS ?= 2           # harnesses fuzzed side by side in fuzz-smoke

PKGS = pkg-config libpcre2-dev libcsv-dev libgsl-dev libcairo2-dev libcmocka-dev zlib1g-dev \
       clang libclang-rt-14-dev mandoc dataset-fashion-mnist ocl-icd-opencl-dev opencl-headers \
       pocl-opencl-icd poppler-utils fonts-dejavu-core python3

WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla \
       -Wwrite-strings -Wformat=2 -fno-common
ifdef CI
WARN += -Werror
NVCC_WERROR = -Werror all-warnings -Xcompiler -Werror
endif
BASE_CFLAGS = -std=c11 -D_GNU_SOURCE -I. $$(pkg-config --cflags cairo) $(WARN) -MMD -MP
CFLAGS ?= -O2 -g
ALL_CFLAGS = $(BASE_CFLAGS) $(CFLAGS)
LIBS = $$(pkg-config --libs libpcre2-8 gsl cairo) -lcsv -lm
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all

# The library: model, parsers, analysis, render. One object per line.
LIB_OBJS += model/alloc.o
LIB_OBJS += model/arena.o
LIB_OBJS += model/buf.o
LIB_OBJS += model/diag.o
LIB_OBJS += model/hwname.o
LIB_OBJS += model/jsonscan.o
LIB_OBJS += model/lines.o
LIB_OBJS += model/manifest.o
LIB_OBJS += model/fields.o
LIB_OBJS += model/num.o
LIB_OBJS += model/restart.o
LIB_OBJS += model/run.o
LIB_OBJS += model/source.o
LIB_OBJS += model/timefmt.o
LIB_OBJS += model/trace.o
LIB_OBJS += model/utf8.o
LIB_OBJS += parsers/clean.o
LIB_OBJS += parsers/noyear.o
LIB_OBJS += parsers/decimal.o
LIB_OBJS += parsers/generic.o
LIB_OBJS += parsers/runtail.o
LIB_OBJS += parsers/hfstate.o
LIB_OBJS += parsers/hfcsv.o
LIB_OBJS += parsers/lfjsonl.o
LIB_OBJS += parsers/epochcsv.o
LIB_OBJS += parsers/runargs.o
LIB_OBJS += parsers/history.o
LIB_OBJS += parsers/notebook.o
LIB_OBJS += parsers/logfmt.o
LIB_OBJS += parsers/logfmt_builtin.o
LIB_OBJS += parsers/logrun.o
LIB_OBJS += parsers/hfstep.o
LIB_OBJS += parsers/lookslike.o
LIB_OBJS += parsers/manifest.o
LIB_OBJS += parsers/mllog.o
LIB_OBJS += parsers/nvsmi.o
LIB_OBJS += parsers/powermetrics.o
LIB_OBJS += parsers/powercsv.o
LIB_OBJS += parsers/nvsmitable.o
LIB_OBJS += parsers/snapshot.o
LIB_OBJS += parsers/nvsmiq.o
LIB_OBJS += parsers/macmon.o
LIB_OBJS += parsers/energibridge.o
LIB_OBJS += parsers/energycsv.o
LIB_OBJS += parsers/codecarbon.o
LIB_OBJS += parsers/rows.o
LIB_OBJS += parsers/tegrastats.o
LIB_OBJS += parsers/powerstat.o
LIB_OBJS += parsers/nvsmidmon.o
LIB_OBJS += parsers/perfstat.o
LIB_OBJS += parsers/amdsmi.o
LIB_OBJS += parsers/registry.o
LIB_OBJS += parsers/summary.o
LIB_OBJS += parsers/trainlog.o
LIB_OBJS += render/charts.o
LIB_OBJS += render/columns.o
LIB_OBJS += render/draw.o
LIB_OBJS += render/json.o
LIB_OBJS += render/pdf.o
LIB_OBJS += render/summary.o
LIB_OBJS += analysis/align.o
LIB_OBJS += analysis/analyze.o
LIB_OBJS += analysis/clock.o
LIB_OBJS += analysis/compare.o
LIB_OBJS += analysis/concurrent.o
LIB_OBJS += analysis/energy.o
LIB_OBJS += analysis/filter.o
LIB_OBJS += analysis/infer.o
LIB_OBJS += analysis/chain.o
LIB_OBJS += analysis/layout.o
LIB_OBJS += analysis/label.o
LIB_OBJS += analysis/match.o
LIB_OBJS += analysis/measure.o
LIB_OBJS += analysis/offset.o
LIB_OBJS += analysis/segment.o
LIB_OBJS += analysis/sensor.o
LIB_OBJS += analysis/stats.o

CLI_OBJS += cli/formatfiles.o
CLI_OBJS += cli/formats.o
CLI_OBJS += cli/inputs.o
CLI_OBJS += cli/inspect.o
CLI_OBJS += cli/labels.o
CLI_OBJS += cli/main.o
CLI_OBJS += cli/output.o
CLI_OBJS += cli/rapl.o
CLI_OBJS += cli/record.o
CLI_OBJS += cli/report.o
CLI_OBJS += cli/tz.o
CLI_OBJS += cli/util.o

# benchtrain (runner/): links none of the above
RUNNER_OBJS += runner/backend_opencl.o
RUNNER_OBJS += runner/backend_ref.o
RUNNER_OBJS += runner/check.o
RUNNER_OBJS += runner/clock.o
RUNNER_OBJS += runner/data.o
RUNNER_OBJS += runner/epoch.o
RUNNER_OBJS += runner/gemm.o
RUNNER_OBJS += runner/net.o
RUNNER_OBJS += runner/opencl_kernels.o
RUNNER_OBJS += runner/opencl_headers.o
RUNNER_OBJS += runner/opencl_conv.o
RUNNER_OBJS += runner/power.o
RUNNER_OBJS += runner/synthetic.o
RUNNER_MAIN = runner/main.o
RUNNER_LIBS = -lOpenCL -lz -ldl -lm -lpthread
RUNNER_CFLAGS = -O3 -g
# the CUDA backend is built when nvcc is found (make NVCC= to leave it out)
NVCC ?= $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
ifneq ($(NVCC),)
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC))
RUNNER_CUDA = $(B)/runner/backend_cuda.o $(B)/runner/cuda_dnn.o
RUNNER_DEFS = -DBT_HAVE_CUDA
RUNNER_LIBS += -L$(CUDA_HOME)/lib64 -lcudart_static -lrt -lpthread -lstdc++
endif

TESTS += tests/test_model
TESTS += tests/test_time
TESTS += tests/test_nvsmi
TESTS += tests/test_powermetrics
TESTS += tests/test_corpus
TESTS += tests/test_trainlog
TESTS += tests/test_logquirks
TESTS += tests/test_analysis
TESTS += tests/test_align
TESTS += tests/test_render
TESTS += tests/test_benchtrain

FUZZERS += hfstate
FUZZERS += lfjsonl
FUZZERS += epochcsv
FUZZERS += history
FUZZERS += notebook
FUZZERS += nvsmi
FUZZERS += powermetrics
FUZZERS += powercsv
FUZZERS += nvsmitable
FUZZERS += nvsmiq
FUZZERS += macmon
FUZZERS += energibridge
FUZZERS += energycsv
FUZZERS += codecarbon
FUZZERS += tegrastats
FUZZERS += powerstat
FUZZERS += nvsmidmon
FUZZERS += perfstat
FUZZERS += amdsmi
FUZZERS += trainlog
FUZZERS += mllog
FUZZERS += logfmt
FUZZERS += generic
FUZZERS += summary
FUZZERS += manifest
FUZZERS += tz
FUZZERS += analysis

B = build/obj
A = build/asan
F = build/fuzz

# the GEMM's FMA clone fuses multiply-adds (runner/gemm.c)
$(B)/runner/gemm.o: RUNNER_CFLAGS += -ffp-contract=fast

OBJ = $(addprefix $(B)/,$(LIB_OBJS))
AOBJ = $(addprefix $(A)/,$(LIB_OBJS))
FOBJ = $(addprefix $(F)/,$(filter model/% parsers/%,$(LIB_OBJS)))
# the whole-analysis and time-zone harnesses run the CLI's loader, labels and zones too
FOBJ_ALL = $(addprefix $(F)/,$(filter-out render/pdf.o,$(LIB_OBJS)) cli/labels.o cli/tz.o cli/util.o)

# keep objects that pattern rules build on the way (fuzz and test objects)
.SECONDARY:

.PHONY: all deps test test-builds unit asan asan-unit asan-cli asan-runs cli-test realfiles-test fuzz fuzz-smoke check check-layers lint-man \
        install demo bench fixtures-update clean help FORCE

all: bin/benchreport bin/benchtrain

deps:
	@missing=""; for p in $(PKGS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(B)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(A)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

$(F)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASE_CFLAGS) -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	  -fno-sanitize-recover=all -c -o $@ $<

$(B)/runner/%.o: runner/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(RUNNER_CFLAGS) $(RUNNER_DEFS) -c -o $@ $<

$(B)/runner/backend_cuda.o: runner/backend_cuda.cu runner/bt.h runner/cuda_dnn.h runner/philox.h
$(B)/runner/cuda_dnn.o: runner/cuda_dnn.cu runner/cuda_dnn.h runner/bt.h
$(B)/runner/%.o: runner/%.cu
	@mkdir -p $(dir $@)
	$(NVCC) -O3 -I. -DBT_HAVE_CUDA -DBT_CUDA_HOME=\"$(CUDA_HOME)\" -Xcompiler -Wall $(NVCC_WERROR) \
	  -gencode arch=compute_75,code=compute_75 -gencode arch=compute_90,code=sm_90 \
	  -c -o $@ $<

# OpenCL C source as one C string named $(1), from the prerequisites: the device
# compiles them at run time (bt_opencl_headers: the host's own philox.h and round.h;
# bt_opencl_conv: the convolution kernels)
define embed_source
	@mkdir -p $(dir $@)
	{ echo '/* generated by the Makefile from $^ */'; \
	  echo '#include "runner/bt.h"'; echo 'const char $(1)[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' $^; \
	  echo '    "";'; } > $@.tmp && mv $@.tmp $@
endef

build/gen/opencl_headers.c: runner/philox.h runner/round.h
	$(call embed_source,bt_opencl_headers)

build/gen/opencl_conv.c: runner/conv.cl
	$(call embed_source,bt_opencl_conv)

$(B)/runner/opencl_%.o: build/gen/opencl_%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(RUNNER_CFLAGS) $(RUNNER_DEFS) -c -o $@ $<

$(A)/runner/opencl_%.o: build/gen/opencl_%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

build/librunner.a: $(addprefix $(B)/,$(RUNNER_OBJS)) $(RUNNER_CUDA)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

bin/benchtrain: $(B)/$(RUNNER_MAIN) build/librunner.a
	@mkdir -p bin
	$(CC) -o $@ $^ $(RUNNER_LIBS)
	@[ -n "$(NVCC)" ] || echo "make: nvcc not found: benchtrain built without the cuda backend"

build/libbr.a: $(OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

build/libbr-asan.a: $(AOBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

bin/benchreport: $(addprefix $(B)/,$(CLI_OBJS)) build/libbr.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(LIBS)

build/asan/bin/benchreport: $(addprefix $(A)/,$(CLI_OBJS)) build/libbr-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) -o $@ $^ $(LIBS)

CMOCKA_LIBS = $$(pkg-config --libs cmocka)

# the runner's tests link the runner, not libbr (the ASan build leaves CUDA out)
build/tests/test_benchtrain: $(B)/tests/test_benchtrain.o build/librunner.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(RUNNER_LIBS)

$(A)/runner/%.o: runner/%.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(ASAN_FLAGS) -c -o $@ $<

build/asan/tests/test_benchtrain: $(A)/tests/test_benchtrain.o $(addprefix $(A)/,$(RUNNER_OBJS))
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) -o $@ $^ $(CMOCKA_LIBS) -lOpenCL -lz -ldl -lm -lpthread

build/tests/%: $(B)/tests/%.o build/libbr.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(LIBS)

build/asan/tests/%: $(A)/tests/%.o build/libbr-asan.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) -o $@ $^ $(CMOCKA_LIBS) $(LIBS)

build/fuzz/fuzz_%: $(F)/tests/fuzz/fuzz_%.o $(FOBJ)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ $(LIBS)

build/fuzz/fuzz_analysis: $(F)/tests/fuzz/fuzz_analysis.o $(FOBJ_ALL)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ $(LIBS)

build/fuzz/fuzz_tz: $(F)/tests/fuzz/fuzz_tz.o $(FOBJ_ALL)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ $^ $(LIBS)

# The suites start python3 some thousand times. Where python3 on PATH is a version
# manager's shim (pyenv's is a bash script: 0.4 s a start, against 0.06 s for the
# interpreter it runs), they run that interpreter itself, through build/py/python3:
# make test took 3 minutes longer through the shim on a 2-core machine.
build/py/python3: FORCE
	@mkdir -p $(dir $@)
	@py=$$(python3 -c 'import sys; print(sys.executable)') && \
	  printf '#!/bin/sh\nexec "%s" "$$@"\n' "$$py" >$@.tmp && chmod +x $@.tmp && mv $@.tmp $@
FORCE:

unit cli-test asan-unit asan-cli asan-runs realfiles-test: export PATH := $(CURDIR)/build/py:$(PATH)
unit cli-test asan-unit asan-cli asan-runs realfiles-test: build/py/python3

unit: $(addprefix build/,$(TESTS))
	@for t in $(filter build/tests/%,$^); do echo "== $$t"; $$t || exit 1; done

# fontconfig's process-long caches are not leaks of ours (tests/lsan.supp)
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp

# the sanitizer build's suites, in three parts that make test runs side by side
asan: asan-unit asan-cli asan-runs

asan-unit: $(addprefix build/asan/,$(TESTS))
	@for t in $(addprefix build/asan/,$(TESTS)); do echo "== $$t (asan)"; \
	  $(ASAN_ENV) $$t || exit 1; done

asan-cli: build/asan/bin/benchreport
	@echo "== golden CLI tests (asan)"
	@$(ASAN_ENV) tests/cli/run.sh build/asan/bin/benchreport
	@echo "== real power recordings (asan)"
	@$(ASAN_ENV) tests/realfiles/run.sh build/asan/bin/benchreport
	@echo "== input tests (asan)"
	@$(ASAN_ENV) tests/inputs/run.sh build/asan/bin/benchreport

asan-runs: build/asan/bin/benchreport build/asan/bin/benchtrain build/tests/libfake_nvml.so
	@echo "== record tests (asan)"
	@$(ASAN_ENV) tests/record/run.sh build/asan/bin/benchreport
	@echo "== experiment tests (asan)"
	@$(ASAN_ENV) tests/experiments/run.sh build/asan/bin/benchreport
	@echo "== report tests (asan)"
	@$(ASAN_ENV) tests/report/run.sh build/asan/bin/benchreport
	@echo "== benchtrain tests (asan)"
	@# the opencl --check matrix runs whole in cli-test; under ASan two models suffice
	@$(ASAN_ENV) BENCHTRAIN_CHECK_MODELS="mlp cifar1" \
	  tests/benchtrain/run.sh build/asan/bin/benchtrain build/asan/bin/benchreport \
	  build/tests/libfake_nvml.so

# a stand-in NVML for benchtrain's power tests
build/tests/libfake_nvml.so: tests/benchtrain/fake_nvml.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -shared -fPIC -o $@ $<

build/asan/bin/benchtrain: $(A)/runner/main.o $(addprefix $(A)/,$(RUNNER_OBJS))
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) -o $@ $^ -lOpenCL -lz -ldl -lm -lpthread

cli-test: bin/benchreport bin/benchtrain build/tests/libfake_nvml.so realfiles-test
	@echo "== golden CLI tests"
	@tests/cli/run.sh bin/benchreport
	@echo "== real power recordings"
	@tests/realfiles/run.sh bin/benchreport
	@echo "== record tests"
	@tests/record/run.sh bin/benchreport
	@echo "== experiment tests"
	@tests/experiments/run.sh bin/benchreport
	@echo "== report tests"
	@tests/report/run.sh bin/benchreport
	@echo "== input tests"
	@tests/inputs/run.sh bin/benchreport
	@echo "== benchtrain tests"
	@tests/benchtrain/run.sh bin/benchtrain bin/benchreport build/tests/libfake_nvml.so

# real training logs from public repositories (realfiles/*/SOURCES.md), expectations
# computed by tests/tools/realfiles_logs.py
realfiles-test: bin/benchreport
	@echo "== real files (training logs)"
	@python3 tests/tools/realfiles_logs.py bin/benchreport realfiles
	@echo "== real files saved other ways (CRLF, byte-order marks, UTF-16, colour)"
	@python3 tests/realfiles/transforms.py bin/benchreport realfiles

fuzz-smoke: $(addprefix build/fuzz/fuzz_,$(FUZZERS))
	@tests/fuzz/smoke.sh $(FUZZ_SECONDS) $(FUZZ_MAX_LEN) $(FUZZ_JOBS) $(FUZZERS)

fuzz:
	$(MAKE) fuzz-smoke FUZZ_SECONDS=600

# everything make test runs, built first side by side (TEST_JOBS at once: the
# objects of the normal, sanitizer and fuzzing builds are independent), then
# the suites, also TEST_JOBS at once, the longest first: each suite runs one process at
# a time, so on two cores the normal build's suites and the sanitizer build's run side
# by side (and the fuzzers' fixed time beside what is left). Each target's output
# prints whole when it ends (--output-sync), so that it reads in order.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test-builds: all $(addprefix build/,$(TESTS)) $(addprefix build/asan/,$(TESTS)) \
             build/asan/bin/benchreport build/asan/bin/benchtrain build/tests/libfake_nvml.so \
             $(addprefix build/fuzz/fuzz_,$(FUZZERS))

test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) test-builds
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target \
	  asan-runs asan-cli cli-test asan-unit unit fuzz-smoke check-layers lint-man
	@echo "make test: all passed"

check: test

check-layers:
	@! grep -l '#include "\(analysis\|render\|cli\)/' parsers/*.c parsers/*.h model/*.c model/*.h 2>/dev/null \
	  || { echo "check-layers: parsers/ and model/ must not include analysis/, render/ or cli/"; exit 1; }
	@! grep -l '#include "\(render\|cli\|parsers\)/' analysis/*.c analysis/*.h 2>/dev/null \
	  || { echo "check-layers: analysis/ includes only model/"; exit 1; }
	@! grep -l '#include "\(cli\|parsers\)/' render/*.c render/*.h 2>/dev/null \
	  || { echo "check-layers: render/ includes only model/ and analysis/"; exit 1; }
	@! grep -n '\b\(printf\|puts\|fputs\|exit\|abort\) *(\|\bstd\(out\|err\)\b' \
	  parsers/*.c model/*.c $$(ls analysis/*.c 2>/dev/null) | grep -v '^model/alloc.c:' \
	  || { echo "check-layers: library code never prints or exits (only model/alloc.c on OOM)"; exit 1; }
	@echo "== layers ok"

lint-man:
	@if command -v mandoc >/dev/null; then \
	  mandoc -Tlint -W warning man/benchreport.1 man/benchtrain.1 && echo "== man pages ok"; fi

fixtures-update: bin/benchreport
	tests/cli/run.sh bin/benchreport --update

install: bin/benchreport bin/benchtrain bin/benchtrain
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 bin/benchreport bin/benchtrain $(DESTDIR)$(PREFIX)/bin/
	install -m 644 man/benchreport.1 man/benchtrain.1 $(DESTDIR)$(PREFIX)/share/man/man1/

# the demo: two real recordings with power on both sides, on one NVIDIA H100: the seeds'
# Fashion-MNIST MLP and CNN in PyTorch (examples/h100-fmnist, a batch sweep, the baseline)
# against benchtrain's cuda backend (examples/h100-benchtrain). The README's pictures of
# two report pages (doc/) are made from its report.pdf.
DEMO = --tz UTC examples/h100-fmnist examples/h100-benchtrain --baseline h100-pytorch
demo: bin/benchreport
	bin/benchreport $(DEMO) -o summary.txt
	@cat summary.txt
	bin/benchreport $(DEMO) -o report.pdf
	@mkdir -p doc
	pdftoppm -r 72 -png -f 1 -l 1 -singlefile report.pdf doc/report-first-page
	@n=$$(pdfinfo report.pdf | awk '/^Pages:/ { print $$2 }'); \
	for i in $$(seq 1 $$n); do \
	  if pdftotext -f $$i -l $$i report.pdf - | head -1 | grep -q '^Power over time'; then \
	    pdftoppm -r 72 -png -f $$i -l $$i -singlefile report.pdf doc/report-power; break; fi; \
	done
	@echo "make demo: wrote $$(pwd)/report.pdf, $$(pwd)/summary.txt and doc/report-*.png"

bench: bin/benchreport
	bench/nvsmi_bench.sh
	bench/trainlog_bench.sh
	bench/generic_bench.sh
	bench/pipeline_bench.sh
	bench/benchtrain_bench.sh
	bench/report_bench.sh
	bench/many_files_bench.sh

clean:
	rm -rf build bin

help:
	@echo "make            build bin/benchreport (installs missing Debian packages first)"
	@echo "make deps       install the missing Debian packages: $(PKGS)"
	@echo "make test       unit tests, golden CLI tests, the same under ASan/UBSan,"
	@echo "                a $(FUZZ_SECONDS) s fuzz run per harness (inputs up to 2 MB), layer and man-page checks"
	@echo "make demo       run benchreport on the bundled example"
	@echo "make bench      performance figures (bench/)"
	@echo "make fuzz       run each fuzz harness (parsers, manifest, time zones, whole analysis) for 10 minutes"
	@echo "make fixtures-update  rewrite the golden .expect files from the current output"
	@echo "make install    install benchreport, benchtrain and their man pages under PREFIX"
	@echo "make clean      remove build outputs"

-include $(shell find build -name '*.d' 2>/dev/null)
